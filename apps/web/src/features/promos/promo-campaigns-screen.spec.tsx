import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromoCampaignView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { codeView } from '../../testing/code-view';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CAMPAIGN_ID, CODE_ID, campaignView, KEY_ID, keyView } from './promo-admin-fixtures';

let api: FakeApi;
let campaigns: PromoCampaignView[];
let createAnswer: ((body: Record<string, unknown>) => FakeResponse) | null;
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function start(role = 'editor', path = `/admin/my-codes/promos/${CODE_ID}`) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Café door'));
    if (url === `/api/v1/promos?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, campaigns);
    if (url === `/api/v1/promo-keys?org_id=${ACME_ORG_ID}`) return role === 'viewer' ? reply(403, { title: 'Forbidden' }) : reply(200, [keyView()]);
    const sent = body as Record<string, unknown>;
    if (url === '/api/v1/promos' && method === 'POST') {
      if (createAnswer) return createAnswer(sent);
      const created = campaignView({
        codes: sent.codes as PromoCampaignView['codes'],
        terms: sent.terms as PromoCampaignView['terms'],
        redeemed: 0,
        master_key_id: sent.master_key_id as string | null,
      });
      campaigns = [created];
      return reply(201, created);
    }
    if (url === `/api/v1/promos/${CAMPAIGN_ID}` && method === 'PUT') {
      campaigns = [campaignView({ terms: sent.terms as PromoCampaignView['terms'] })];
      return reply(200, campaigns[0]);
    }
    if (url === `/api/v1/promos/${CAMPAIGN_ID}/master-key` && method === 'PUT') {
      campaigns = [campaignView({ master_key_id: sent.master_key_id as string | null })];
      return reply(200, campaigns[0]);
    }
    if (url === `/api/v1/promos/${CAMPAIGN_ID}` && method === 'DELETE') return ((campaigns = []), reply(204));
    return undefined;
  });
  return renderApp(path);
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const cardOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('.mantine-Card-root') as HTMLElement;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

beforeEach(() => {
  localStorage.clear();
  campaigns = [];
  createAnswer = null;
});

test('staff create a shared percent-off campaign locked by a master key, and see it listed with its limit and lock', async () => {
  const { container } = start();
  expect(await screen.findByText('No promo campaigns yet. Create the first one below.')).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('option', { name: 'Front counter' })).toBeTruthy());
  await expectNoAxeViolations(container);

  type('Campaign name', 'Summer coffee');
  fireEvent.click(screen.getByRole('radio', { name: 'Percent off' }));
  type('What the visitor reads', 'A fifth off your coffee');
  type('Discount in percent', '20');
  type('Promo code', ' summer24 ');
  type('Total limit', '100');
  type('Master key', KEY_ID);
  create();

  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  expect(requestsOf(api, 'POST')[0]).toEqual([
    '/api/v1/promos',
    {
      org_id: ACME_ORG_ID,
      code_id: CODE_ID,
      codes: { kind: 'shared', promo_code: 'SUMMER24' },
      terms: {
        name: 'Summer coffee',
        offer: { kind: 'percent_off', text: 'A fifth off your coffee', percent: 20 },
        starts_at: null,
        ends_at: null,
        days: [1, 2, 3, 4, 5, 6, 7],
        hours: null,
        time_zone: zone,
        total_limit: 100,
        per_visitor_limit: 1,
        place: null,
        allow_without_location: false,
      },
      master_key_id: KEY_ID,
    },
  ]);
  const card = await cardOf('Summer coffee');
  expect(within(card).getByText('SUMMER24')).toBeTruthy();
  expect(within(card).getByText('0 of 100 redeemed')).toBeTruthy();
  expect(within(card).getByText('Locked: Front counter')).toBeTruthy();
  expect(within(card).getByText('Always')).toBeTruthy();
});

test('a unique-code pattern too small for the count is said before submitting, and the fixed pattern is sent with hours and a place', async () => {
  start();
  await screen.findByText(/No promo campaigns yet/);
  type('Campaign name', 'Flyer codes');
  type('What the visitor reads', 'A free croissant');
  fireEvent.click(screen.getByRole('radio', { name: 'Unique codes, each used once' }));
  type('Prefix', 'fly-');
  type('Mask', '####');
  type('How many codes', '500');
  expect(await screen.findByText('The pattern is too small')).toBeTruthy();
  expect(screen.getByText(/This pattern makes 923,521 different codes\. For 500 codes the mask needs at least 6 # characters/)).toBeTruthy();

  type('Mask', '####-####');
  expect(await screen.findByText('This pattern makes 852,891,037,441 different codes.')).toBeTruthy();
  expect(screen.queryByText('The pattern is too small')).toBeNull();

  fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Only at certain hours' }));
  type('From', '08:00');
  type('Until', '11:30');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Only at a place' }));
  type('Latitude', '95');
  type('Longitude', '13.4');
  create();
  expect(await screen.findByText('A latitude is between -90 and 90.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  type('Latitude', '52.5');
  fireEvent.click(screen.getByRole('checkbox', { name: /Allow visitors without location/ }));
  create();
  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  const [, sent] = requestsOf(api, 'POST')[0]!;
  expect(sent).toMatchObject({
    codes: { kind: 'unique', pattern: { prefix: 'FLY-', postfix: '', charset: 'alphanumeric', mask: '####-####' }, count: 500 },
    terms: {
      days: [1, 2, 3, 4, 5],
      hours: { from: '08:00', until: '11:30' },
      place: { latitude: 52.5, longitude: 13.4, radius_m: 200 },
      allow_without_location: true,
    },
    master_key_id: null,
  });
  expect(await screen.findByText('500 unique codes')).toBeTruthy();
});

test('the server’s refusal shows beside the form, with its field error next to the field', async () => {
  createAnswer = () =>
    reply(409, {
      title: 'Conflict',
      code: 'promo_code_taken',
      detail: 'Another campaign of this code already answers to SUMMER24.',
      errors: [{ field: 'body.codes.promo_code', message: 'Choose another code.' }],
    });
  start();
  await screen.findByText(/No promo campaigns yet/);
  type('Campaign name', 'Summer again');
  type('What the visitor reads', 'A free coffee');
  type('Promo code', 'SUMMER24');
  create();
  const refusal = await screen.findByRole('alert');
  expect(refusal.textContent).toContain('Another campaign of this code already answers to SUMMER24.');
  expect(screen.getByLabelText('Promo code').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByText('Choose another code.').length).toBeGreaterThan(0);
});

test('staff edit a campaign’s terms, set and clear its master key, and delete it after confirming', async () => {
  campaigns = [campaignView()];
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the terms of Summer coffee' }));
  const card = await cardOf('Summer coffee');
  type('Campaign name', 'Autumn coffee', card);
  type('Total limit', '', card);
  fireEvent.click(within(card).getByRole('button', { name: 'Save terms' }));
  await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
  expect(requestsOf(api, 'PUT')[0]).toEqual([
    `/api/v1/promos/${CAMPAIGN_ID}`,
    { terms: expect.objectContaining({ name: 'Autumn coffee', total_limit: null, offer: { kind: 'text', text: 'A free coffee' }, time_zone: 'UTC' }) },
  ]);
  expect(await screen.findByText('12 redeemed, no limit')).toBeTruthy();

  await waitFor(() => expect(screen.getAllByRole('option', { name: 'Front counter' }).length).toBeGreaterThan(0));
  type('Master key of Autumn coffee', KEY_ID);
  fireEvent.click(screen.getByRole('button', { name: 'Set the key' }));
  expect(await screen.findByText('Locked: Front counter')).toBeTruthy();
  type('Master key of Summer coffee', '');
  fireEvent.click(screen.getByRole('button', { name: 'Clear the key' }));
  expect(await screen.findByText('No lock')).toBeTruthy();
  expect(requestsOf(api, 'PUT').slice(1)).toEqual([
    [`/api/v1/promos/${CAMPAIGN_ID}/master-key`, { master_key_id: KEY_ID }],
    [`/api/v1/promos/${CAMPAIGN_ID}/master-key`, { master_key_id: null }],
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'Delete Summer coffee' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the campaign' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/promos/${CAMPAIGN_ID}`, undefined]]));
  expect(await screen.findByText(/No promo campaigns yet/)).toBeTruthy();
});

test('a viewer sees the campaigns and the visitor link, but no form, no key and no delete', async () => {
  campaigns = [campaignView()];
  start('viewer');
  expect(await screen.findByRole('heading', { name: 'Summer coffee' })).toBeTruthy();
  expect((screen.getByLabelText('Visitors enter their promo codes at') as HTMLInputElement).value).toBe(`${window.location.origin}/promo/${CODE_ID}`);
  expect(screen.queryByRole('button', { name: 'Create campaign' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete Summer coffee' })).toBeNull();
  expect(requestsOf(api, 'GET').some(([url]) => url.startsWith('/api/v1/promo-keys'))).toBe(false);
});

test('the code’s screen links to its promos', async () => {
  start('editor', `/admin/my-codes/show/${CODE_ID}`);
  fireEvent.click(await screen.findByRole('link', { name: 'Promo codes' }));
  expect(await screen.findByRole('heading', { name: 'Promos of Café door' })).toBeTruthy();
});
