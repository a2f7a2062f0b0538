import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CampaignView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { codeView } from '../../testing/code-view';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { audiencePreview, CAMPAIGN_ID, CODE_ID, campaignView, OTHER_CAMPAIGN_ID, page } from './messaging-admin-fixtures';

let api: FakeApi;
let saved: CampaignView | null;
let codeCampaigns: CampaignView[];
let scheduleAnswer: ((body: Record<string, unknown>) => FakeResponse) | null;
const campaigns = '/api/v1/messaging/campaigns';

function start(path: string, role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, unknown>;
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Café door' }]);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Café door'));
    if (url === `/api/v1/pages?code_id=${CODE_ID}`) return reply(200, []);
    if (url === `/api/v1/loyalty/programmes?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, []);
    if (url === '/api/v1/messaging/audiences/preview') return reply(200, audiencePreview);
    if (url.startsWith(`${campaigns}?`)) return reply(200, page(codeCampaigns));
    if (url === campaigns && method === 'POST')
      return ((saved = campaignView({ ...(sent as Partial<CampaignView>), qr: (sent.qr as CampaignView['qr']) ?? null })), reply(201, saved));
    if (url === `${campaigns}/${CAMPAIGN_ID}` && method === 'PUT') return ((saved = campaignView(sent as Partial<CampaignView>)), reply(200, saved));
    if (url === `${campaigns}/${CAMPAIGN_ID}/test`) return reply(202, { delivery_id: OTHER_CAMPAIGN_ID });
    if (url === `${campaigns}/${CAMPAIGN_ID}/schedule`) {
      if (scheduleAnswer) return scheduleAnswer(sent);
      saved = campaignView({ ...saved, status: 'scheduled', send_at: (sent.send_at as string | undefined) ?? null });
      return reply(200, saved);
    }
    if (url === `${campaigns}/${CAMPAIGN_ID}`) return reply(200, saved ?? campaignView());
    if (url.startsWith(`${campaigns}/${CAMPAIGN_ID}/deliveries`)) return reply(200, page([]));
    return undefined;
  });
  return renderApp(path);
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  localStorage.clear();
  saved = null;
  codeCampaigns = [];
  scheduleAnswer = null;
});

test('staff write an email with personal fields and a QR code, see who it reaches and how it looks on a phone, and save the draft', async () => {
  const { container } = start('/admin/campaigns/new');
  expect(await screen.findByRole('heading', { name: 'New campaign' })).toBeTruthy();
  await waitFor(() => expect(screen.getAllByRole('option', { name: 'Café door' })).toHaveLength(2));
  type('Campaign code', CODE_ID);
  type('Came through code', CODE_ID);
  type('Campaign name', 'Winter menu');
  type('Subject', 'Hello {{first_name}}');
  type('Message', 'Our winter menu is here, ');
  click('Insert First name');
  expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Our winter menu is here, {{first_name}}');

  expect(await screen.findByText('2 recipients')).toBeTruthy();
  expect(screen.getByText('1 more match but have not consented on this channel: they are not messaged.')).toBeTruthy();
  expect(screen.getByText('Ada Lovelace · ada@example.com')).toBeTruthy();
  const phone = screen.getByRole('figure', { name: 'Preview on a phone' });
  expect(within(phone).getByText('Hello Ada')).toBeTruthy();
  expect(within(phone).getByText('Our winter menu is here, Ada')).toBeTruthy();
  await waitFor(() =>
    expect(
      requestsOf(api, 'POST')
        .filter(([url]) => url.endsWith('/audiences/preview'))
        .at(-1)?.[1],
    ).toEqual({
      org_id: ACME_ORG_ID,
      channel: 'email',
      audience: { code_id: CODE_ID },
    }),
  );

  fireEvent.click(screen.getByRole('checkbox', { name: /Attach a one-time QR code/ }));
  type('Image type', 'svg');
  type('Width in px', '400');
  type('Placement', 'attachment');
  await expectNoAxeViolations(container);
  click('Save draft');

  await waitFor(() => expect(requestsOf(api, 'POST').filter(([url]) => url === campaigns)).toHaveLength(1));
  expect(requestsOf(api, 'POST').find(([url]) => url === campaigns)?.[1]).toEqual({
    org_id: ACME_ORG_ID,
    channel: 'email',
    name: 'Winter menu',
    code_id: CODE_ID,
    audience: { code_id: CODE_ID },
    subject: 'Hello {{first_name}}',
    message: 'Our winter menu is here, {{first_name}}',
    qr: { type: 'svg', width: 400, height: 300, placement: 'attachment' },
  });
  expect(await screen.findByText('Draft saved.')).toBeTruthy();
});

test('an unknown field and a missing subject are named before anything is sent', async () => {
  start('/admin/campaigns/new');
  await screen.findByRole('heading', { name: 'New campaign' });
  type('Campaign name', 'Typo');
  type('Message', 'Hi {{frist_name}}');
  click('Save draft');
  expect(await screen.findByText(/Unknown field \{\{frist_name\}\}/)).toBeTruthy();
  expect(screen.getByText('Write the subject.')).toBeTruthy();
  expect(requestsOf(api, 'POST').filter(([url]) => url === campaigns)).toEqual([]);
});

test('a test send saves the draft first, then says the test went to the outbox; a past time is refused, the server’s field error shown, and a good time schedules', async () => {
  start('/admin/campaigns/new');
  await screen.findByRole('heading', { name: 'New campaign' });
  fireEvent.click(screen.getByRole('radio', { name: 'SMS' }));
  expect(screen.queryByLabelText('Subject')).toBeNull();
  type('Campaign name', 'Flash sale');
  type('Message', 'Two for one today, {{first_name}}');
  expect(screen.getByText('22 characters (GSM-7) · 1 segment with the sample recipient’s values')).toBeTruthy();
  type('Send a test to', '+442079460958');
  click('Send test');
  expect(await screen.findByText('Test sent to +442079460958. Without a connected provider it waits in the outbox, under Messaging settings.')).toBeTruthy();
  expect(
    requestsOf(api, 'POST')
      .filter(([url]) => url.startsWith(campaigns))
      .map(([url, body]) => [url, body]),
  ).toEqual([
    [campaigns, expect.objectContaining({ channel: 'sms', subject: '' })],
    [`${campaigns}/${CAMPAIGN_ID}/test`, { to: '+442079460958' }],
  ]);

  fireEvent.click(screen.getByRole('radio', { name: 'At a time' }));
  type('Send at', '2020-01-01T10:00');
  click('Schedule');
  expect(await screen.findByText('That time has passed: choose a time from now on.')).toBeTruthy();
  expect(requestsOf(api, 'POST').some(([url]) => url.endsWith('/schedule'))).toBe(false);

  const inAWeek = new Date(Date.now() + 7 * 86_400_000);
  const local = `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}T09:00`;
  scheduleAnswer = () =>
    reply(400, { title: 'Bad Request', detail: 'The schedule is refused.', errors: [{ field: 'body.send_at', message: 'Twilio is paused until then.' }] });
  type('Send at', local);
  click('Schedule');
  expect(await screen.findByRole('alert')).toBeTruthy();
  expect(screen.getByLabelText('Send at').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByText('Twilio is paused until then.').length).toBeGreaterThan(0);

  scheduleAnswer = null;
  click('Schedule');
  expect(await screen.findByText('Scheduled')).toBeTruthy();
  expect(
    requestsOf(api, 'POST')
      .filter(([url]) => url.endsWith('/schedule'))
      .at(-1)?.[1],
  ).toEqual({ send_at: new Date(local).toISOString() });
});

test('a code’s campaigns: its latest draft opens in the editor and the others are listed with links', async () => {
  codeCampaigns = [
    campaignView({ campaign_id: OTHER_CAMPAIGN_ID, name: 'Autumn menu', status: 'sent', created_at: '2026-10-01T10:00:00.000Z' }),
    campaignView({ name: 'Winter menu' }),
  ];
  const { container } = start(`/admin/campaigns/update/${CODE_ID}`);
  expect(await screen.findByRole('heading', { name: 'Campaigns of Café door' })).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Latest draft: Winter menu' })).toBeTruthy();
  expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Winter menu');
  expect(screen.getByRole('link', { name: 'Autumn menu' }).getAttribute('href')).toBe(`/admin/campaigns?campaign=${OTHER_CAMPAIGN_ID}`);
  expect(requestsOf(api, 'GET').some(([url]) => url === `${campaigns}?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}&page=1&per_page=20`)).toBe(true);
  await expectNoAxeViolations(container);
});

test('a code with no campaigns offers a new one for it, which starts with the code chosen', async () => {
  start(`/admin/campaigns/update/${CODE_ID}`);
  expect(await screen.findByText('No campaigns for this code yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'New campaign for this code' }));
  expect(await screen.findByRole('heading', { name: 'New campaign' })).toBeTruthy();
  await waitFor(() => expect((screen.getByLabelText('Campaign code') as HTMLSelectElement).value).toBe(CODE_ID));
});
