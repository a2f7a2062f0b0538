import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AutoSmsView, CampaignKeyView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { audiencePreview, CAMPAIGN_ID, CODE_ID, campaignView, page } from './messaging-admin-fixtures';

const RULE_ID = '0190a6b2-0000-7000-8000-00000000a5a1';
const sms = '/api/v1/messaging/sms';
let api: FakeApi;
let keys: CampaignKeyView[];
let rules: AutoSmsView[];

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, unknown>;
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Café door' }]);
    if (url === `/api/v1/messaging/campaigns?org_id=${ACME_ORG_ID}&channel=sms&page=1&per_page=20`) return reply(200, page([]));
    if (url === '/api/v1/messaging/audiences/preview')
      return reply(200, { ...audiencePreview, sample: [{ recipient: '+442079460958', name: 'Ada Lovelace' }] });
    if (url === `${sms}/campaign-keys?org_id=${ACME_ORG_ID}`) return reply(200, keys);
    if (url === `${sms}/campaign-keys` && method === 'POST') {
      keys = [
        {
          keyword: String(sent.keyword),
          action: sent.action as 'join',
          reply: String(sent.reply),
          code_id: null,
          uses: 0,
          created_at: '2026-11-24T10:00:00.000Z',
        },
      ];
      return reply(201, keys[0]);
    }
    if (url === `${sms}/campaign-keys/JOIN?org_id=${ACME_ORG_ID}` && method === 'DELETE') return ((keys = []), reply(204));
    if (url === `${sms}/auto?org_id=${ACME_ORG_ID}`) return reply(200, rules);
    if (url === `${sms}/auto` && method === 'POST') {
      rules = [{ rule_id: RULE_ID, trigger: sent.trigger as 'form_submitted', code_id: CODE_ID, message: String(sent.message), enabled: true, sent: 0 }];
      return reply(201, rules[0]);
    }
    if (url === `${sms}/auto/${RULE_ID}` && method === 'PUT') return ((rules = [{ ...rules[0]!, enabled: Boolean(sent.enabled) }]), reply(200, rules[0]));
    if (url === `${sms}/auto/${RULE_ID}` && method === 'DELETE') return ((rules = []), reply(204));
    if (url === `${sms}/numbers/available`)
      return reply(200, [{ phone_number: '+14155550100', friendly_name: '(415) 555-0100', locality: 'San Francisco', region: 'CA' }]);
    if (url === `${sms}/numbers/purchase`)
      return reply(201, { phone_number: sent.phone_number, provider_sid: 'PN123', purchased_at: '2026-11-24T10:00:00.000Z' });
    if (url === `${sms}/verification`) return reply(201, { phone: sent.phone, status: 'pending' });
    if (url === `${sms}/verification/check`) return reply(200, { phone: sent.phone, status: sent.code === '123456' ? 'approved' : 'pending' });
    if (url === `${sms}/send`) return reply(201, { message: 'success', error: false, delivery_id: CAMPAIGN_ID, status: 'opted_out', outbox: false });
    if (url === '/api/v1/messaging/campaigns' && method === 'POST')
      return reply(201, campaignView({ channel: 'sms', subject: '', name: String(sent.name), message: String(sent.message) }));
    return undefined;
  });
  return renderApp('/admin/sms-campaigns');
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const click = (name: string | RegExp, scope: HTMLElement = document.body) => fireEvent.click(within(scope).getByRole('button', { name }));
const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  keys = [];
  rules = [];
});

test('the SMS screen says what to do when empty, counts a text’s segments, and passes axe', async () => {
  const { container } = start();
  expect(await screen.findByText('No SMS campaigns yet. Write the first one below.')).toBeTruthy();
  expect(await screen.findByText(/No keywords yet/)).toBeTruthy();
  expect(await screen.findByText(/No automatic texts yet/)).toBeTruthy();
  const editor = cardOf('New SMS campaign');
  expect(within(editor).queryByLabelText('Subject')).toBeNull();
  type('Message', 'x'.repeat(161), editor);
  expect(await within(editor).findByText('161 characters (GSM-7) · 2 segments with the sample recipient’s values')).toBeTruthy();
  type('Message', 'Café ☕ {{first_name}}', editor);
  expect(await within(editor).findByText('10 characters (UCS-2) · 1 segment with the sample recipient’s values')).toBeTruthy();
  await expectNoAxeViolations(container);
});

test('staff add a keyword and delete it; a reserved word is refused by name', async () => {
  start();
  await screen.findByText(/No keywords yet/);
  const card = cardOf('Campaign keys');
  type('Keyword', 'stop', card);
  type('Reply', 'Welcome!', card);
  click('Add keyword', card);
  expect(await within(card).findByText('That word is reserved for opting out, in or for help.')).toBeTruthy();
  type('Keyword', 'join', card);
  click('Add keyword', card);
  expect(await within(card).findByText('JOIN')).toBeTruthy();
  expect(requestsOf(api, 'POST').filter(([url]) => url.endsWith('/campaign-keys'))).toEqual([
    [`${sms}/campaign-keys`, { org_id: ACME_ORG_ID, keyword: 'JOIN', action: 'join', reply: 'Welcome!' }],
  ]);
  click('Delete the keyword JOIN', card);
  expect(await within(card).findByText(/No keywords yet/)).toBeTruthy();
});

test('staff add an auto SMS, switch it off, and delete it', async () => {
  start();
  await screen.findByText(/No automatic texts yet/);
  const card = cardOf('Auto SMS');
  await waitFor(() => expect(within(card).getAllByRole('option', { name: 'Café door' }).length).toBeGreaterThan(0));
  type('On code', CODE_ID, card);
  type('Automatic text', 'Thanks, {{first_name}}!', card);
  click('Add auto SMS', card);
  const toggle = await within(card).findByRole('switch', { name: 'Send when a form is submitted' });
  expect((toggle as HTMLInputElement).checked).toBe(true);
  fireEvent.click(toggle);
  expect(await within(card).findByText('Off')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [`${sms}/auto/${RULE_ID}`, { trigger: 'form_submitted', message: 'Thanks, {{first_name}}!', enabled: false, code_id: CODE_ID }],
  ]);
  click('Delete the auto SMS when a form is submitted', card);
  expect(await within(card).findByText(/No automatic texts yet/)).toBeTruthy();
});

test('staff search numbers by country and area code and buy one; verify a phone; an opted-out number is not texted', async () => {
  start();
  await screen.findByText(/No keywords yet/);
  const numbers = cardOf('Phone numbers');
  type('Area code', '4', numbers);
  click('Search numbers', numbers);
  expect(await within(numbers).findByText('An area code is 2 to 5 digits.')).toBeTruthy();
  type('Area code', '415', numbers);
  click('Search numbers', numbers);
  click(/Buy \(415\) 555-0100/, await within(numbers).findByRole('region', { name: 'Available numbers' }));
  expect(await within(numbers).findByText('+14155550100 is yours: texts go out from it.')).toBeTruthy();
  expect(requestsOf(api, 'POST').filter(([url]) => url.includes('/numbers/'))).toEqual([
    [`${sms}/numbers/available`, { org_id: ACME_ORG_ID, country: 'US', area_code: '415' }],
    [`${sms}/numbers/purchase`, { org_id: ACME_ORG_ID, phone_number: '+14155550100' }],
  ]);

  const verification = cardOf('Phone-number verification');
  type('Phone to verify', '+44 20 7946 0958', verification);
  click('Send code', verification);
  expect(await within(verification).findByText('A code went to +442079460958.')).toBeTruthy();
  type('Code received', '12345', verification);
  click('Check code', verification);
  expect(await within(verification).findByText('The code is the six digits the text message gave.')).toBeTruthy();
  type('Code received', '123456', verification);
  click('Check code', verification);
  expect(await within(verification).findByText('+442079460958 is verified.')).toBeTruthy();

  const one = cardOf('Send one SMS');
  type('To', '+442079460958', one);
  type('Text', 'Your table is ready.', one);
  click('Send SMS', one);
  expect(await within(one).findByText('Not sent: that number opted out.')).toBeTruthy();
});

test('a viewer sees the lists but no editor, forms, numbers or sends', async () => {
  start('viewer');
  expect(await screen.findByText(/No keywords yet/)).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'New SMS campaign' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add keyword' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Phone numbers' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Send one SMS' })).toBeNull();
});
