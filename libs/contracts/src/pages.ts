import { z } from 'zod';
import { DEFAULT_PAGE_THEME, PageTheme, PageThemeView, VisitorTheme } from './brand';
import { CodeId, paginatedList, paginatedQuery, Phone, WebUrl } from './codes';
import { ExchangeId, ExchangeView } from './loyalty';
import { PublicOrganization } from './public-codes';
import { DEFAULT_REGISTRATION_FORM, FormAnswers, RegistrationForm } from './registration-forms';
import { orNull } from './openapi-shapes';
import { BlobId } from './uploads';

/**
 * The pages context's HTTP contract (spec §3 "Page", "Default content"; §7 "Codes and pages",
 * "Collection and analytics"): landing pages built from blocks for a code, and what visitors submit
 * through a page's registration form.
 */

const Line = (max: number) => z.string().trim().max(max);

/** Where a video block may come from: embedding anything else would run a stranger's page inside ours. */
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'vimeo.com', 'player.vimeo.com'] as const;
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'x', 'tiktok', 'linkedin', 'youtube', 'website'] as const;
/** Most HTML one text block may hold; the server keeps only harmless tags (see the API's sanitiser). */
export const MAX_TEXT_BLOCK_HTML = 20_000;
export const MAX_PAGE_BLOCKS = 50;

const block = <Kind extends string, Shape extends z.ZodRawShape>(kind: Kind, shape: Shape) => z.strictObject({ kind: z.literal(kind), ...shape });

export const PageBlock = z
  .discriminatedUnion('kind', [
    block('heading', { title: Line(120).min(1, { error: 'Enter a title.' }), subtitle: Line(200).default('') }),
    block('text', {
      html: z.string().max(MAX_TEXT_BLOCK_HTML).meta({ description: 'Rich text; scripts, event handlers and unsafe links are removed on save.' }),
    }),
    block('image', { blob_id: BlobId, alt: Line(200).default('') }),
    block('button', { label: Line(60).min(1, { error: 'Enter the button’s text.' }), url: WebUrl }),
    block('countdown', { label: Line(120).default(''), until: z.iso.datetime({ offset: true }) }),
    block('video', {
      url: WebUrl.refine((url) => (VIDEO_HOSTS as readonly string[]).includes(new URL(url).hostname), {
        error: `Videos come from ${VIDEO_HOSTS.join(', ')}.`,
        // Only an address that passed as a URL has a host to check (and `new URL` would throw on the rest).
        when: (payload) => payload.issues.length === 0,
      }),
    }),
    block('map', { label: Line(120).default(''), latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    block('social', {
      links: z
        .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: WebUrl }))
        .min(1)
        .max(12),
    }),
    block('form', { submit_label: Line(40).min(1).default('Submit') }),
    block('promo', {
      title: Line(120).default('Have a promo code?'),
      button_label: Line(40).min(1, { error: 'Enter the button’s text.' }).default('Check my code'),
    }),
  ])
  .meta({
    id: 'PageBlock',
    description: 'One block of a landing page; `form` is where the registration form goes, `promo` where a visitor enters a promo code of the page’s QR code.',
  });
export type PageBlock = z.infer<typeof PageBlock>;

/** Spec §3 "Default content": a sample privacy/consent text. */
export const DEFAULT_CONSENT_TEXT =
  '<p>By submitting this form you agree that we store the details you enter to contact you about this event. ' +
  'We never sell them, and you can ask us to delete them at any time.</p>';

/** What a new page starts with (spec §3 "Default content"): the welcome description, the form, the consent text. */
export const DEFAULT_PAGE_BLOCKS: readonly PageBlock[] = [
  { kind: 'heading', title: 'welcome to the club', subtitle: 'enjoy your time here at our conference' },
  { kind: 'form', submit_label: 'Submit' },
  { kind: 'text', html: DEFAULT_CONSENT_TEXT },
];

/** A page's vanity name, served at `/p/{name}`: unique across the whole server, as it is part of a public address. */
export const VanityName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, { error: 'Use 3 to 60 lowercase letters, digits and hyphens, starting and ending with a letter or digit.' })
  .meta({ id: 'VanityName', description: 'The page is served at `/p/{vanity_name}` too.' });

/** The next step the thank-you screen offers a visitor once their submission is in. */
export const SuccessButton = z.strictObject({ label: Line(60).min(1, { error: 'Enter the button’s text.' }), url: WebUrl }).meta({ id: 'SuccessButton' });
export type SuccessButton = z.infer<typeof SuccessButton>;

const pageFields = {
  title: Line(120).min(1, { error: 'Give the page a title.' }).default('Welcome'),
  vanity_name: VanityName.nullable().default(null),
  blocks: z
    .array(PageBlock)
    .max(MAX_PAGE_BLOCKS)
    .default(() => [...DEFAULT_PAGE_BLOCKS]),
  form: RegistrationForm.default(() => [...DEFAULT_REGISTRATION_FORM]),
  success_message: Line(500).min(1).default('Your details are in.'),
  success_button: orNull(SuccessButton).default(null),
  theme: PageTheme.default(DEFAULT_PAGE_THEME),
};

/** Spec §7 "generate page": a page for one of the organisation's codes, from the default content unless given. */
export const CreatePageBody = z.strictObject({ code_id: CodeId, ...pageFields }).meta({ id: 'CreatePageBody' });
export type CreatePageBody = z.infer<typeof CreatePageBody>;

/** Spec §7 "update page": replaces the title, vanity name, blocks, form, success message and button, and theme. */
export const UpdatePageBody = z.strictObject(pageFields).meta({ id: 'UpdatePageBody' });
export type UpdatePageBody = z.infer<typeof UpdatePageBody>;

export const PageId = z.uuid({ error: 'A page id is a UUID.' }).meta({ id: 'PageId' });
export const PagePath = z.strictObject({ page_id: PageId });
export type PagePath = z.infer<typeof PagePath>;

/** Spec §7 "get all pages (code_id)". */
export const ListPagesQuery = z.strictObject({ code_id: CodeId }).meta({ id: 'ListPagesQuery' });
export type ListPagesQuery = z.infer<typeof ListPagesQuery>;

const Timestamp = z.iso.datetime();

export const PageView = z
  .object({
    page_id: PageId,
    code_id: CodeId,
    org_id: z.uuid(),
    title: z.string(),
    vanity_name: z.string().nullable(),
    blocks: z.array(PageBlock),
    form: RegistrationForm,
    success_message: z.string(),
    success_button: orNull(SuccessButton),
    theme: PageThemeView,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Page' });
export type PageView = z.infer<typeof PageView>;

export const PageCreatedView = z.object({ page_id: PageId, public_link: z.string().meta({ description: '`/page/{page_id}`' }) }).meta({ id: 'PageCreated' });
export type PageCreatedView = z.infer<typeof PageCreatedView>;

/** A visitor's `/page/{id}`: a page id, or a code id for that code's first page. */
export const PublicPagePath = z.strictObject({ id: z.union([PageId, CodeId]) });
export type PublicPagePath = z.infer<typeof PublicPagePath>;

/** A visitor's `/p/{name}`. */
export const NamedPagePath = z.strictObject({ name: VanityName });
export type NamedPagePath = z.infer<typeof NamedPagePath>;

/**
 * What a visitor's page shows: who asks for their details, as a code's page says it, nothing about
 * the organisation's members, and its images as links that expire.
 */
export const PublicPageView = PageView.omit({ org_id: true, created_at: true, updated_at: true, theme: true })
  .extend({
    owner: PublicOrganization,
    theme: VisitorTheme.meta({ description: 'The page’s own theme, or the organisation’s brand kit, resolved.' }),
    image_urls: z.record(z.string(), z.string()).meta({ description: 'A link for each image block’s `blob_id`, valid for an hour.' }),
  })
  .meta({ id: 'PublicPage' });
export type PublicPageView = z.infer<typeof PublicPageView>;

/** Spec §7 "get success page": what a visitor sees once their submission is in. */
export const SuccessPageView = z
  .object({
    page_id: PageId,
    title: z.string(),
    success_message: z.string(),
    success_button: orNull(SuccessButton),
    owner: PublicOrganization,
    theme: VisitorTheme,
  })
  .meta({ id: 'SuccessPage' });
export type SuccessPageView = z.infer<typeof SuccessPageView>;

/**
 * Spec §7 "return page" (`id`, `email`, `phone`, `exchange_id`): a visitor who comes back says who
 * they are, by the email or phone they registered with, and may name a loyalty exchange of theirs.
 */
export const ReturnPageBody = z
  .strictObject({
    email: z.email({ error: 'Enter an email address such as name@example.com.' }).max(254).optional(),
    phone: Phone.optional(),
    exchange_id: ExchangeId.optional(),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, { error: 'Give the email or the phone number you registered with.' })
  .meta({ id: 'ReturnPageBody' });
export type ReturnPageBody = z.infer<typeof ReturnPageBody>;

export const ReturnPageView = z
  .object({
    page_id: PageId,
    returning: z.boolean().meta({ description: 'True when this person has submitted the page’s form before.' }),
    submitted_at: Timestamp.nullable().meta({ description: 'Their latest submission.' }),
    success_message: z.string(),
    exchange: orNull(ExchangeView).meta({
      description: 'The loyalty exchange named by `exchange_id`, when it was redeemed on a card with this email or phone; null otherwise.',
    }),
  })
  .meta({ id: 'ReturnPage' });
export type ReturnPageView = z.infer<typeof ReturnPageView>;

/** Spec §7 "append submit": a visitor's answers. A double-click resends the same `submission_id` and is recorded once. */
export const SubmitBody = z
  .strictObject({
    submission_id: z.uuid().meta({ description: 'Made by the page once per filled-in form, so a retried or doubled submit is recorded once.' }),
    answers: FormAnswers,
  })
  .meta({ id: 'SubmitBody' });
export type SubmitBody = z.infer<typeof SubmitBody>;

export const SubmissionView = z
  .object({
    submission_id: z.uuid(),
    page_id: PageId,
    code_id: CodeId,
    answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
    submitted_at: Timestamp,
  })
  .meta({ id: 'Submission' });
export type SubmissionView = z.infer<typeof SubmissionView>;

/** Spec §7 "get submit data": a page's submissions, newest first. */
export const ListSubmissionsQuery = paginatedQuery({}).meta({ id: 'ListSubmissionsQuery' });
export type ListSubmissionsQuery = z.infer<typeof ListSubmissionsQuery>;

export const SubmissionListView = paginatedList(SubmissionView).meta({ id: 'SubmissionList' });
export type SubmissionListView = z.infer<typeof SubmissionListView>;
