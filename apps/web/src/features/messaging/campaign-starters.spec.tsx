import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsentView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { campaignView, CODE_ID, notConnected, page } from './messaging-admin-fixtures';

const base = '/api/v1/messaging';
const DELIVERY_ID = '0190a6b2-0000-7000-8000-00000000d0a1';
let api: FakeApi;

function start(path: string) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role: 'editor' }));
  let consent: ConsentView = { channel: 'sms', address: '+442079460958', status: 'unknown', history: [] };
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, unknown>;
    if (url === '/api/v1/organizations') return acmeOrganizations('editor');
    if (url.startsWith('/api/v1/codes/names')) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Counter' }]);
    if (url.startsWith(`${base}/campaigns?`)) return reply(200, page([]));
    if (url === `${base}/invitations` && method === 'POST') return reply(201, campaignView({ name: 'Counter: invitation', channel: sent.channel as 'email' }));
    if (url === `${base}/campaigns/${campaignView().campaign_id}`) return reply(200, campaignView({ name: 'Counter: invitation' }));
    if (url === `${base}/email/qr` && method === 'POST') {
      return sent.to === 'not-an-email'
        ? reply(400, { title: 'The request has invalid fields', code: 'validation_failed', errors: [{ field: 'body.to', message: 'Invalid email address' }] })
        : reply(200, { message: 'success', error: false, delivery_id: DELIVERY_ID, status: 'sent', outbox: true });
    }
    if (url === `${base}/connections?org_id=${ACME_ORG_ID}`) return reply(200, notConnected());
    if (url.startsWith(`${base}/outbox?`)) return reply(200, page([]));
    if (url.startsWith(`${base}/consents?`) && method === 'GET') return reply(200, consent);
    if (url === `${base}/consents` && method === 'POST') {
      consent = {
        ...consent,
        status: sent.status as 'given',
        history: [{ status: sent.status as 'given', source: 'staff', note: String(sent.note) || null, at: '2026-12-03T10:00:00.000Z' }],
      };
      return reply(201, consent);
    }
    return undefined;
  });
  return renderApp(path);
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;

it('drafts an invitation to a code’s action and opens it in the editor', async () => {
  start('/admin/campaigns');
  await screen.findByRole('heading', { name: 'Invite to a code' });
  const card = cardOf('Invite to a code');
  await waitFor(() => expect(within(card).getByLabelText('Code')).toHaveProperty('value', CODE_ID));
  fireEvent.change(within(card).getByLabelText('Invite them to'), { target: { value: 'join_loyalty' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Draft the invitation' }));
  await waitFor(() =>
    expect(requestsOf(api, 'POST')).toContainEqual([
      `${base}/invitations`,
      { org_id: ACME_ORG_ID, code_id: CODE_ID, action: 'join_loyalty', channel: 'email' },
    ]),
  );
  await screen.findByRole('heading', { name: 'Counter: invitation' });
});

it('emails one-time QR codes to one address, naming a refused field beside it', async () => {
  const { container } = start('/admin/campaigns');
  await screen.findByRole('heading', { name: 'Email QR codes' });
  const card = cardOf('Email QR codes');
  await expectNoAxeViolations(container);
  fireEvent.change(within(card).getByLabelText('To'), { target: { value: 'not-an-email' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Send the email' }));
  await within(card).findByText(/email/i, { selector: '.mantine-TextInput-error, .mantine-InputWrapper-error' });
  expect(requestsOf(api, 'POST').filter(([path]) => path === `${base}/email/qr`)).toEqual([]);
  fireEvent.change(within(card).getByLabelText('To'), { target: { value: 'ada@example.com' } });
  fireEvent.change(within(card).getByLabelText('How many'), { target: { value: '3' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Send the email' }));
  expect((await within(card).findByRole('status')).textContent).toBe('Sent to the outbox: connect SMTP to deliver it.');
  expect(requestsOf(api, 'POST').find(([path]) => path === `${base}/email/qr`)?.[1]).toEqual({
    org_id: ACME_ORG_ID,
    to: 'ada@example.com',
    base_code_id: CODE_ID,
    name: 'Tickets',
    amount: 3,
    type: 'png',
    width: 300,
    height: 300,
    subject: 'Your QR codes',
    message: 'Here are your QR codes.',
  });
});

it('looks an address up in the consent ledger and records staff’s consent with a note', async () => {
  const { container } = start('/admin/messaging');
  await screen.findByRole('heading', { name: 'Consent' });
  const card = cardOf('Consent');
  fireEvent.change(within(card).getByLabelText(/Email or phone number/), { target: { value: '+44 20 7946 0958' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Look up' }));
  await within(card).findByText('Never asked');
  fireEvent.change(within(card).getByLabelText(/Note/), { target: { value: 'Paper form at the till' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Record consent' }));
  await within(card).findByText('Consented', { selector: '.mantine-Badge-label' });
  expect(within(card).getByText('Recorded by staff')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toContainEqual([
    `${base}/consents`,
    { org_id: ACME_ORG_ID, address: '+44 20 7946 0958', status: 'given', note: 'Paper form at the till' },
  ]);
  await expectNoAxeViolations(container);
});
