import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProgrammeView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { codeView } from '../../testing/code-view';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CODE_ID, PROGRAMME_ID, programmeView } from './loyalty-admin-fixtures';

let api: FakeApi;
let programmes: ProgrammeView[];
let createAnswer: ((body: Record<string, unknown>) => FakeResponse) | null;
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const base = '/api/v1/loyalty/programmes';

function start(role = 'editor', path = `/admin/my-codes/loyalty/${CODE_ID}`) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Café door'));
    if (url === `${base}?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, programmes);
    const sent = body as Record<string, unknown>;
    if (url === base && method === 'POST') {
      if (createAnswer) return createAnswer(sent);
      const created = programmeView({ terms: sent.terms as ProgrammeView['terms'], members: 0, rewards: [] });
      programmes = [created];
      return reply(201, created);
    }
    if (url === `${base}/${PROGRAMME_ID}` && method === 'PUT') {
      programmes = [programmeView({ terms: sent.terms as ProgrammeView['terms'] })];
      return reply(200, programmes[0]);
    }
    if (url === `${base}/${PROGRAMME_ID}` && method === 'DELETE') return ((programmes = []), reply(204));
    return undefined;
  });
  return renderApp(path);
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const group = (name: string) => screen.getByRole('group', { name });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create programme' }));

beforeEach(() => {
  localStorage.clear();
  programmes = [];
  createAnswer = null;
});

test('staff create a points programme with tiers, rewards, a campaign reward giving one of them and referrals, and see it listed', async () => {
  const { container } = start();
  expect(await screen.findByText('No loyalty programmes yet. Create the first one below.')).toBeTruthy();

  type('Programme name', 'Bakery points');
  fireEvent.click(screen.getByRole('radio', { name: 'Points' }));
  expect(screen.queryByLabelText('Stamps on a full card')).toBeNull();
  type('Points per unit spent', '2');
  type('Minutes between two scans', '30');

  fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
  type('Tier name', 'Silver', group('Tier 1'));
  type('From points earned', '100', group('Tier 1'));
  type('Tier name', 'Gold', group('Tier 2'));
  type('From points earned', '50', group('Tier 2'));

  fireEvent.click(screen.getByRole('button', { name: 'Add a reward' }));
  type('Reward name', 'A croissant', group('Reward 1'));
  type('Price in points', '20', group('Reward 1'));
  type('Stock', '30', group('Reward 1'));
  fireEvent.click(screen.getByRole('button', { name: 'Add a reward' }));
  type('Reward name', 'A loaf', group('Reward 2'));
  type('Price in points', '50', group('Reward 2'));

  fireEvent.click(screen.getByRole('button', { name: 'Add a campaign reward' }));
  const campaign = group('Campaign reward 1');
  expect((within(campaign).getByLabelText(/On the code/) as HTMLInputElement).value).toBe(CODE_ID);
  type('Campaign reward name', 'Welcome', campaign);
  type('When the member', 'scanned', campaign);
  type('Scans needed', '3', campaign);
  fireEvent.click(within(campaign).getByRole('checkbox', { name: 'A croissant' }));

  fireEvent.click(screen.getByRole('checkbox', { name: /Reward members who bring friends/ }));
  type('Points for the member', '15');
  type('Points for the friend', '5');
  type('Once the friend first', 'purchase');
  await expectNoAxeViolations(container);

  create();
  // The tiers are out of order: said beside the list, and nothing is sent.
  expect(await screen.findByText('List tiers from the lowest threshold up, each higher than the one before.')).toBeTruthy();
  expect(screen.getByText('One field needs a change: see the messages in red above.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  type('From points earned', '500', group('Tier 2'));
  create();
  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  const [path, sent] = requestsOf(api, 'POST')[0] as [string, { terms: ProgrammeView['terms'] }];
  expect(path).toBe(base);
  const [croissant, loaf] = sent.terms.reward_list;
  expect(croissant?.reward_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(loaf?.reward_id).not.toBe(croissant?.reward_id);
  expect(sent).toEqual({
    org_id: ACME_ORG_ID,
    code_id: CODE_ID,
    terms: {
      name: 'Bakery points',
      description: '',
      kind: 'points',
      stamps_required: 10,
      earning: { per_scan: 1, per_submission: 0, per_currency_unit: 2, currency: 'EUR' },
      min_interval_minutes: 30,
      tiers: [
        { name: 'Silver', threshold: 100 },
        { name: 'Gold', threshold: 500 },
      ],
      reward_list: [
        { reward_id: croissant?.reward_id, name: 'A croissant', description: '', price: 20, stock: 30 },
        { reward_id: loaf?.reward_id, name: 'A loaf', description: '', price: 50, stock: null },
      ],
      campaign_rewards: [
        {
          campaign_reward_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Welcome',
          code_id: CODE_ID,
          action: 'scanned',
          times: 3,
          points: 0,
          reward_list: [croissant?.reward_id],
        },
      ],
      referral: { referrer_points: 15, friend_points: 5, action: 'purchase' },
      time_zone: zone,
    },
  });
  const card = (await screen.findByRole('heading', { name: 'Bakery points' })).closest('.mantine-Card-root') as HTMLElement;
  expect(within(card).getByText('0 members')).toBeTruthy();
  expect(within(card).getByText('Points · 30 minutes between two scans · 2 rewards · 2 tiers · referrals on')).toBeTruthy();
  // The form is empty again for the next programme.
  expect((screen.getByLabelText('Programme name') as HTMLInputElement).value).toBe('');
});

test('an emptied price is refused by name, and the server’s refusal shows beside the form with its field', async () => {
  createAnswer = () =>
    reply(400, {
      title: 'Bad request',
      code: 'validation_failed',
      detail: 'body.terms.name: Another programme of this code has this name.',
      errors: [{ field: 'body.terms.name', message: 'Another programme of this code has this name.' }],
    });
  start();
  await screen.findByText(/No loyalty programmes yet/);
  type('Programme name', 'Coffee card');
  fireEvent.click(screen.getByRole('button', { name: 'Add a reward' }));
  type('Reward name', 'A free coffee', group('Reward 1'));
  create();
  expect(await screen.findByText('A price is a whole number.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  type('Price in stamps', '10', group('Reward 1'));
  create();
  expect(await screen.findByText('The programme was not saved')).toBeTruthy();
  expect(screen.getByLabelText('Programme name').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByText('Another programme of this code has this name.').length).toBeGreaterThan(0);
});

test('staff edit a programme’s terms, every one of them sent back, and delete it after confirming', async () => {
  programmes = [programmeView()];
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Coffee card' }));
  const card = (await screen.findByRole('heading', { name: 'Coffee card' })).closest('.mantine-Card-root') as HTMLElement;
  type('Programme name', 'Tea card', card);
  type('Stock', '', within(card).getByRole('group', { name: 'Reward 2' }));
  fireEvent.click(within(card).getByRole('button', { name: 'Save programme' }));
  await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
  const [path, sent] = requestsOf(api, 'PUT')[0] as [string, { terms: ProgrammeView['terms'] }];
  expect(path).toBe(`${base}/${PROGRAMME_ID}`);
  expect(sent.terms).toEqual({
    ...programmeView().terms,
    name: 'Tea card',
    reward_list: [programmeView().terms.reward_list[0], { ...programmeView().terms.reward_list[1], stock: null }],
  });
  expect(await screen.findByRole('heading', { name: 'Tea card' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Delete Tea card' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the programme' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`${base}/${PROGRAMME_ID}`, undefined]]));
  expect(await screen.findByText(/No loyalty programmes yet/)).toBeTruthy();
});

test('a viewer sees the programmes, but no form, no edit and no delete', async () => {
  programmes = [programmeView()];
  start('viewer');
  expect(await screen.findByRole('heading', { name: 'Coffee card' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create programme' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Edit Coffee card' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete Coffee card' })).toBeNull();
});

test('the code’s screen links to its loyalty programmes', async () => {
  start('editor', `/admin/my-codes/show/${CODE_ID}`);
  fireEvent.click(await screen.findByRole('link', { name: 'Loyalty cards' }));
  expect(await screen.findByRole('heading', { name: 'Loyalty of Café door' })).toBeTruthy();
});
