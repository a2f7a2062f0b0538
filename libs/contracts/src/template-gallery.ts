import type { CodeContent } from './codes';
import { DEFAULT_CONSENT_TEXT } from './pages';
import { QrDesign, type QrDesignInput } from './qr-design';
import { DEFAULT_REGISTRATION_FORM, type FormInputSpec } from './registration-forms';
import { TemplatePage, type TemplatePageInput, type TemplateView } from './templates';

/**
 * The built-in gallery (issue 8): static data, the same on every server, listed before an
 * organisation's own templates. Every design is drawn and decoded by the templates API spec, which
 * creates a code from each; the placeholders (addresses, network names) are meant to be edited.
 */

const gallery = (
  template_id: string,
  name: string,
  description: string,
  content: CodeContent,
  design: QrDesignInput,
  page: TemplatePageInput | null = null,
): TemplateView => ({
  template_id,
  source: 'gallery',
  org_id: null,
  name,
  description,
  content,
  design: QrDesign.parse(design),
  page: page === null ? null : TemplatePage.parse(page),
  created_at: null,
});

const input = (name: string, input_display_name: string, input_type: FormInputSpec['input_type'], required = false, options?: string[]): FormInputSpec => ({
  name,
  input_display_name,
  input_type,
  required,
  ...(options ? { options } : {}),
});

const nextMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1, 17)).toISOString();

export const TEMPLATE_GALLERY: readonly TemplateView[] = [
  gallery(
    'event-check-in',
    'Event check-in',
    'Guests scan at the door and register in seconds; you see who came under Customers.',
    { type: 'page' },
    {
      foreground: '#0b3d91',
      module_shape: 'rounded',
      eye_style: 'rounded',
      eye_colour: '#e4572e',
      frame: { style: 'banner', text: 'Check in here', colour: '#0b3d91', text_colour: '#ffffff' },
    },
    {
      title: 'Check in',
      blocks: [
        { kind: 'heading', title: 'Welcome! Let’s get you checked in', subtitle: 'It takes less than a minute' },
        { kind: 'form', submit_label: 'Check in' },
        { kind: 'text', html: DEFAULT_CONSENT_TEXT },
      ],
      form: [...DEFAULT_REGISTRATION_FORM],
      success_message: 'You’re checked in. Enjoy the event!',
    },
  ),
  gallery(
    'restaurant-menu',
    'Restaurant menu',
    'A table tent that opens your menu; change the link whenever the menu changes.',
    { type: 'url', url: 'https://example.com/menu' },
    {
      foreground: '#2d2d2d',
      background: '#fbf6e9',
      module_shape: 'dots',
      eye_style: 'rounded',
      eye_colour: '#c0392b',
      frame: { style: 'box', text: 'See the menu', colour: '#c0392b', text_colour: '#ffffff' },
    },
  ),
  gallery(
    'product-launch',
    'Product launch',
    'A countdown to launch day and a button to pre-order.',
    { type: 'page' },
    {
      gradient: { type: 'linear', from: '#5a2d82', to: '#c2185b', rotation: 45 },
      module_shape: 'rounded',
      eye_style: 'rounded',
      frame: { style: 'banner', text: 'Be the first', colour: '#5a2d82', text_colour: '#ffffff' },
    },
    {
      title: 'Launching soon',
      blocks: [
        { kind: 'heading', title: 'Something new is coming', subtitle: 'Be the first to get it' },
        { kind: 'countdown', label: 'Launch in', until: nextMonth() },
        { kind: 'button', label: 'Pre-order now', url: 'https://example.com/pre-order' },
        { kind: 'form', submit_label: 'Tell me at launch' },
      ],
      form: [input('page', 'Page1', 'page'), input('first_name', 'First name', 'text', true), input('email', 'Email', 'email', true)],
      success_message: 'You’re on the list: we’ll write on launch day.',
    },
  ),
  gallery(
    'conference-welcome',
    'Conference welcome',
    'The programme, the venue on a map and a sign-up for updates, all on one page.',
    { type: 'page' },
    {
      foreground: '#1b2a4a',
      module_shape: 'rounded',
      eye_style: 'rounded',
      eye_colour: '#087f8c',
      frame: { style: 'banner', text: 'Welcome', colour: '#087f8c', text_colour: '#ffffff' },
    },
    {
      title: 'Welcome to the conference',
      blocks: [
        { kind: 'heading', title: 'welcome to the club', subtitle: 'enjoy your time here at our conference' },
        {
          kind: 'text',
          html: '<p><strong>09:00</strong> Doors open · <strong>10:00</strong> Keynote · <strong>12:30</strong> Lunch · <strong>17:00</strong> Drinks</p>',
        },
        { kind: 'map', label: 'The venue', latitude: 52.3731, longitude: 4.8922 },
        { kind: 'form', submit_label: 'Keep me posted' },
        { kind: 'text', html: DEFAULT_CONSENT_TEXT },
      ],
      form: [...DEFAULT_REGISTRATION_FORM],
      success_message: 'Thanks! Enjoy the conference.',
    },
  ),
  gallery(
    'feedback',
    'Feedback',
    'Ask how it went: a rating and a comment, counted under Analytics.',
    { type: 'page' },
    { foreground: '#1e4d2b', module_shape: 'dots', frame: { style: 'box', text: 'Rate us', colour: '#1e4d2b', text_colour: '#ffffff' } },
    {
      title: 'How did we do?',
      blocks: [
        { kind: 'heading', title: 'How did we do?', subtitle: 'Your answer helps us get better' },
        { kind: 'form', submit_label: 'Send feedback' },
      ],
      form: [
        input('page', 'Page1', 'page'),
        input('rating', 'Your rating', 'select', true, ['Excellent', 'Good', 'Okay', 'Poor']),
        input('comments', 'Anything to add?', 'text'),
        input('email', 'Email, if you would like an answer', 'email'),
      ],
      success_message: 'Thank you for your feedback!',
    },
  ),
  gallery(
    'coupon',
    'Coupon',
    'A discount shown on the phone at the till; pause the code when the offer ends.',
    { type: 'note', title: '20% off today', text: 'Show this screen at the till to get 20% off your order. One use per customer.' },
    {
      foreground: '#8e2424',
      eye_style: 'rounded',
      module_shape: 'rounded',
      frame: { style: 'banner', text: '20% off', colour: '#8e2424', text_colour: '#ffffff' },
    },
  ),
  gallery(
    'business-card',
    'Business card',
    'Your contact details, saved to the phone in one tap.',
    {
      type: 'vcard',
      first_name: 'Alex',
      last_name: 'Morgan',
      job_title: 'Founder',
      organization: 'Example Studio',
      email: 'alex@example.com',
      phone: '+1 555 010 1234',
      website: 'https://example.com',
    },
    {
      foreground: '#222222',
      module_shape: 'rounded',
      eye_style: 'rounded',
      eye_colour: '#0b3d91',
      frame: { style: 'banner', text: 'Save my contact', colour: '#222222', text_colour: '#ffffff' },
    },
  ),
  gallery(
    'wifi',
    'Wi-Fi',
    'Guests join your network without typing the password.',
    { type: 'wifi', ssid: 'Guest Wi-Fi', password: 'change-me', encryption: 'WPA', hidden: false },
    {
      gradient: { type: 'radial', from: '#0b3d91', to: '#087f8c' },
      module_shape: 'dots',
      eye_style: 'rounded',
      frame: { style: 'box', text: 'Free Wi-Fi', colour: '#087f8c', text_colour: '#ffffff' },
    },
  ),
];
