import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUSH_FAILURE_MESSAGE, PUSH_NO_BODY_MESSAGE, type CampaignView, type DeliveryView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CAMPAIGN_ID, CODE_ID, campaignView, deliveryView, OTHER_CAMPAIGN_ID, page } from './messaging-admin-fixtures';

let api: FakeApi;
let emails: CampaignView[];
let pushes: CampaignView[];
let deliveries: DeliveryView[];
let pushAnswer: FakeResponse;
const campaigns = '/api/v1/messaging/campaigns';

function start(path = '/admin/campaigns', role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Café door' }]);
    if (url === `${campaigns}?org_id=${ACME_ORG_ID}&channel=email&page=1&per_page=20`) return reply(200, page(emails));
    if (url === `${campaigns}?org_id=${ACME_ORG_ID}&channel=push&page=1&per_page=20`) return reply(200, page(pushes));
    if (url === `${campaigns}/${CAMPAIGN_ID}/cancel` && method === 'POST')
      return ((emails = [campaignView({ ...emails[0], status: 'cancelled' })]), reply(200, emails[0]));
    if (url.startsWith(`${campaigns}/${CAMPAIGN_ID}/deliveries?`)) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      return reply(200, page(deliveries.filter((one) => status === null || one.status === status)));
    }
    if (url === `${campaigns}/${CAMPAIGN_ID}`) return reply(200, emails[0]);
    if (url === '/api/v1/messaging/push/send' && method === 'POST') return pushAnswer;
    return undefined;
  });
  return renderApp(path);
}

const sending = (queued: number) =>
  campaignView({
    status: 'sending',
    recipients: 4,
    send_at: '2026-11-24T10:00:00.000Z',
    deliveries: { queued, sent: 4 - queued, delivered: 0, failed: 0, opted_out: 0 },
  });

beforeEach(() => {
  localStorage.clear();
  emails = [];
  pushes = [];
  deliveries = [];
  pushAnswer = reply(200, { message: 'Notification sent to 3 subscribers.', campaign_id: OTHER_CAMPAIGN_ID, subscribers: 3 });
});

test('with no campaigns each list says how to start one, and the screen passes axe', async () => {
  const { container } = start();
  expect(await screen.findByText('No email campaigns yet. Start one with “New campaign”.')).toBeTruthy();
  expect(await screen.findByText('No push campaigns yet. Send a notification below, or start one with “New campaign”.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Messaging settings' }).getAttribute('href')).toBe('/admin/messaging');
  expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe('/admin/campaigns/new');
  await expectNoAxeViolations(container);
});

test('a sending campaign shows a moving progress bar, asked again every 2 s, and its results once sent', async () => {
  emails = [sending(3)];
  pushes = [campaignView({ campaign_id: OTHER_CAMPAIGN_ID, channel: 'push', name: 'Doors open', status: 'scheduled', send_at: '2026-12-24T09:00:00.000Z' })];
  const { container } = start();
  const bar = await screen.findByRole('progressbar', { name: 'Progress of Winter menu' });
  expect(bar.getAttribute('aria-valuenow')).toBe('25');
  expect(screen.getByText('1 of 4 handled')).toBeTruthy();
  expect(await screen.findByRole('link', { name: 'Doors open' })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Push notification campaigns' }).textContent).toContain('Scheduled');
  await expectNoAxeViolations(container);

  emails = [sending(1)];
  expect(await screen.findByText('3 of 4 handled', undefined, { timeout: 4000 })).toBeTruthy();
  emails = [campaignView({ status: 'sent', recipients: 4, deliveries: { queued: 0, sent: 1, delivered: 2, failed: 1, opted_out: 0 } })];
  expect(await screen.findByText('Sent 1 · Delivered 2 · Failed 1 · Opted out 0', undefined, { timeout: 4000 })).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
  const asked = requestsOf(api, 'GET').filter(([url]) => url.includes('channel=email')).length;
  expect(asked).toBeGreaterThanOrEqual(3);
}, 15_000);

test('a sent campaign lists each recipient’s delivery, filtered by status, with the provider’s reason for a failure', async () => {
  emails = [campaignView({ status: 'sent', recipients: 2, deliveries: { queued: 0, sent: 0, delivered: 1, failed: 1, opted_out: 0 } })];
  deliveries = [deliveryView(), deliveryView({ recipient: 'bob@example.com', name: null, status: 'failed', reason: '550 Mailbox unavailable' })];
  const { container } = start();
  fireEvent.click(await screen.findByRole('link', { name: 'Winter menu' }));
  const table = await screen.findByRole('region', { name: 'Deliveries of Winter menu' });
  expect(within(table).getByText('Ada Lovelace · ada@example.com')).toBeTruthy();
  await expectNoAxeViolations(container);

  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'failed' } });
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Deliveries of Winter menu' })).queryByText(/ada@example.com/)).toBeNull());
  expect(screen.getByText('550 Mailbox unavailable')).toBeTruthy();
  expect(requestsOf(api, 'GET').some(([url]) => url === `${campaigns}/${CAMPAIGN_ID}/deliveries?status=failed&page=1&per_page=50`)).toBe(true);

  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'opted_out' } });
  expect(await screen.findByText('No deliveries are opted out.')).toBeTruthy();
});

test('a scheduled campaign is cancelled after confirming', async () => {
  emails = [campaignView({ status: 'scheduled', send_at: '2026-12-24T09:00:00.000Z' })];
  start(`/admin/campaigns?campaign=${CAMPAIGN_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel the campaign' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the campaign' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([[`${campaigns}/${CAMPAIGN_ID}/cancel`, undefined]]));
  expect(await screen.findByText('Cancelled')).toBeTruthy();
});

test('a push notification sent now says what the server said; with no body and on failure it says spec §5 and §8’s words', async () => {
  start();
  await screen.findByRole('heading', { name: 'Send push notification' });
  fireEvent.click(screen.getByRole('button', { name: 'Send push notification' }));
  expect(await screen.findByText('Write the title.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  fireEvent.change(screen.getByLabelText('Notification title'), { target: { value: 'Doors open' } });
  fireEvent.change(screen.getByLabelText('Notification text'), { target: { value: 'Come in, it is warm.' } });
  await waitFor(() => expect(screen.getAllByRole('option', { name: 'Café door' }).length).toBeGreaterThan(0));
  fireEvent.change(screen.getByLabelText('Subscribers of'), { target: { value: CODE_ID } });
  fireEvent.click(screen.getByRole('button', { name: 'Send push notification' }));
  expect(await screen.findByText('Notification sent to 3 subscribers.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([
    ['/api/v1/messaging/push/send', { org_id: ACME_ORG_ID, title: 'Doors open', body: 'Come in, it is warm.', code_id: CODE_ID }],
  ]);

  pushAnswer = reply(200, undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Send push notification' }));
  expect(await screen.findByText(PUSH_NO_BODY_MESSAGE)).toBeTruthy();
  expect(PUSH_NO_BODY_MESSAGE).toBe('Invalid response received from the server.');

  pushAnswer = reply(502, { title: 'Bad Gateway' });
  fireEvent.click(screen.getByRole('button', { name: 'Send push notification' }));
  expect(await screen.findByText(PUSH_FAILURE_MESSAGE)).toBeTruthy();
  expect(PUSH_FAILURE_MESSAGE).toBe('Failed to send notifications.');
});

test('a push notification scheduled for later says so', async () => {
  pushAnswer = reply(200, { message: 'Scheduled for 2026-12-24 09:00 UTC for 3 subscribers.', campaign_id: OTHER_CAMPAIGN_ID, subscribers: 3 });
  start();
  await screen.findByRole('heading', { name: 'Send push notification' });
  fireEvent.change(screen.getByLabelText('Notification title'), { target: { value: 'Doors open' } });
  fireEvent.change(screen.getByLabelText('Notification text'), { target: { value: 'Come in.' } });
  fireEvent.click(screen.getByRole('radio', { name: 'At a time' }));
  const inADay = new Date(Date.now() + 86_400_000);
  const local = `${inADay.getFullYear()}-${String(inADay.getMonth() + 1).padStart(2, '0')}-${String(inADay.getDate()).padStart(2, '0')}T09:00`;
  fireEvent.change(screen.getByLabelText('Push at'), { target: { value: local } });
  fireEvent.click(screen.getByRole('button', { name: 'Schedule push notification' }));
  expect(await screen.findByText('Scheduled for 2026-12-24 09:00 UTC for 3 subscribers.')).toBeTruthy();
  expect(requestsOf(api, 'POST')[0]?.[1]).toMatchObject({ send_at: new Date(local).toISOString() });
});

test('a viewer reads the campaigns but is offered no new campaign and no push panel', async () => {
  emails = [campaignView()];
  start('/admin/campaigns', 'viewer');
  expect(await screen.findByRole('link', { name: 'Winter menu' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Send push notification' })).toBeNull();
});
