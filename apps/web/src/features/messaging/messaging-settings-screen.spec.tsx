import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectionsView, OutboxMessageView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { notConnected, outboxMessage, page } from './messaging-admin-fixtures';

const base = '/api/v1/messaging';
let api: FakeApi;
let connections: ConnectionsView;
let outbox: OutboxMessageView[];

function start(role = 'admin') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, unknown>;
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `${base}/connections?org_id=${ACME_ORG_ID}`) return reply(200, connections);
    if (url === `${base}/connections/smtp` && method === 'PUT') {
      const smtp = {
        provider: 'smtp' as const,
        connected: true,
        summary: `${String(sent.host)} from ${String(sent.from)}`,
        updated_at: '2026-11-24T10:00:00.000Z',
        hint: '',
      };
      connections = { ...connections, connections: [smtp, connections.connections[1]!] };
      return reply(200, connections);
    }
    if (url === `${base}/connections/twilio?org_id=${ACME_ORG_ID}` && method === 'DELETE') {
      connections = {
        ...connections,
        connections: [
          connections.connections[0]!,
          { ...connections.connections[1]!, connected: false, summary: null, hint: 'No Twilio account is connected: texts go to the outbox.' },
        ],
      };
      return reply(200, connections);
    }
    if (url === `${base}/outbox?org_id=${ACME_ORG_ID}&page=1&per_page=20`) return reply(200, page(outbox));
    return undefined;
  });
  return renderApp('/admin/messaging');
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;
const type = (label: string | RegExp, value: string, scope: HTMLElement) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  connections = notConnected();
  outbox = [];
});

test('without SMTP the screen shows the API’s hint and the form; connecting shows its summary, and Twilio disconnects', async () => {
  const { container } = start();
  expect(await screen.findByText('No SMTP server is connected: emails go to the outbox. Connect one below.')).toBeTruthy();
  expect(await screen.findByText('The outbox is empty. Send a test from a campaign to see how a message looks.')).toBeTruthy();
  await expectNoAxeViolations(container);

  const smtp = cardOf('Email by SMTP');
  type('SMTP host', 'smtp.acme.test', smtp);
  type('From address', 'not-an-address', smtp);
  fireEvent.click(within(smtp).getByRole('button', { name: 'Connect SMTP' }));
  await waitFor(() => expect(within(smtp).getByLabelText('From address').getAttribute('aria-invalid')).toBe('true'));
  expect(requestsOf(api, 'PUT')).toEqual([]);
  type('From address', 'news@acme.test', smtp);
  type('Password', 'secret', smtp);
  fireEvent.click(within(smtp).getByRole('button', { name: 'Connect SMTP' }));
  expect(await screen.findByText('smtp.acme.test from news@acme.test')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [
      `${base}/connections/smtp`,
      {
        org_id: ACME_ORG_ID,
        host: 'smtp.acme.test',
        port: 587,
        secure: false,
        user: '',
        password: 'secret',
        from: 'news@acme.test',
        from_name: '',
        rate_per_second: 20,
      },
    ],
  ]);

  const twilio = cardOf('SMS by Twilio');
  expect(within(twilio).getByText('AC12…cdef from +15005550006')).toBeTruthy();
  fireEvent.click(within(twilio).getByRole('button', { name: 'Disconnect Twilio' }));
  expect(await screen.findByText('No Twilio account is connected: texts go to the outbox.')).toBeTruthy();
  expect(within(cardOf('SMS by Twilio')).getByLabelText('Account SID')).toBeTruthy();
});

test('an outbox email opens as its rendered HTML in a sandbox with no permissions, with its attachments; an SMS as its text', async () => {
  outbox = [
    outboxMessage(),
    outboxMessage({
      message_id: '0190a6b2-0000-7000-8000-00000000b0a2',
      channel: 'sms',
      recipient: '+442079460958',
      subject: null,
      html: null,
      text: 'Your table is ready.',
      attachments: [],
    }),
  ];
  const { container } = start();
  const table = await screen.findByRole('region', { name: 'Outbox messages' });
  await expectNoAxeViolations(container);
  fireEvent.click(within(table).getByRole('button', { name: 'Read the message to ada@example.com' }));
  const frame = (await screen.findByTitle('Preview of the message to ada@example.com')) as HTMLIFrameElement;
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame.getAttribute('srcdoc')).toBe(outboxMessage().html);
  expect(screen.getByText('qr-code.png (image/png, 2 KB)')).toBeTruthy();

  fireEvent.click(within(table).getByRole('button', { name: 'Read the message to +442079460958' }));
  expect(await screen.findByRole('heading', { name: 'SMS to +442079460958' })).toBeTruthy();
  expect(screen.queryByTitle(/Preview of the message/)).toBeNull();
  expect(screen.getAllByText('Your table is ready.').length).toBeGreaterThan(1);
});

test('a viewer sees the connections and the outbox but no form and no disconnect', async () => {
  start('viewer');
  expect(await screen.findByText('No SMTP server is connected: emails go to the outbox. Connect one below.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Connect SMTP' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Disconnect Twilio' })).toBeNull();
});
