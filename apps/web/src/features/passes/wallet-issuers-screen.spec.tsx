import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssuersView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { notConnected } from './passes-admin-fixtures';

const base = '/api/v1/passes/issuers';
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
let api: FakeApi;
let issuers: IssuersView;

function start(role = 'admin') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, string>;
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `${base}?org_id=${ACME_ORG_ID}`) return reply(200, issuers);
    if (url === `${base}/apple` && method === 'PUT') {
      if (sent.wwdr_pem === 'wrong')
        return reply(400, {
          title: 'Bad Request',
          code: 'pass_issuer_invalid',
          detail: 'The Apple WWDR certificate did not issue the pass type certificate: use the G4 one.',
        });
      issuers = {
        issuers: [
          {
            provider: 'apple',
            connected: true,
            summary: `${sent.pass_type_identifier} of team ${sent.team_identifier}, until 2026-12-20`,
            expires_at: '2026-12-20T00:00:00.000Z',
            problems: [
              {
                level: 'warning',
                code: 'certificate_expiring',
                message: 'The pass type certificate ends in 17 days: renew it in the Apple developer account.',
              },
            ],
            updated_at: '2026-12-03T10:00:00.000Z',
            hint: '',
          },
          issuers.issuers[1]!,
        ],
      };
      return reply(200, issuers);
    }
    if (url === `${base}/google` && method === 'PUT') return reply(200, issuers);
    if (url === `${base}/google?org_id=${ACME_ORG_ID}` && method === 'DELETE') return reply(200, notConnected());
    return undefined;
  });
  return renderApp('/admin/wallet');
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;
const type = (label: string | RegExp, value: string, scope: HTMLElement) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

function fillApple(apple: HTMLElement, wwdr: string) {
  type('Pass type identifier', 'pass.com.acme.loyalty', apple);
  type('Team id', 'ABCDE12345', apple);
  type('Pass type certificate (PEM)', CERTIFICATE, apple);
  type('Private key (PEM)', KEY, apple);
  type('Apple WWDR certificate (PEM)', wwdr, apple);
}

beforeEach(() => {
  localStorage.clear();
  issuers = notConnected();
});

test('saving the Apple issuer shows it connected, with its summary, its end date and its warning in words, and the key gone from the form', async () => {
  const { container } = start();
  expect(await screen.findByText('No Apple pass type certificate is connected: passes cannot be added to Apple Wallet.')).toBeTruthy();
  await expectNoAxeViolations(container);

  const apple = cardOf('Apple Wallet');
  type('Team id', 'abc', apple);
  fireEvent.click(within(apple).getByRole('button', { name: 'Save the Apple issuer' }));
  expect(await within(apple).findByText('A team id is ten capital letters or digits.')).toBeTruthy();
  expect(within(apple).getByText('Paste the pass type certificate (PEM).')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([]);

  fillApple(apple, CERTIFICATE);
  fireEvent.click(within(apple).getByRole('button', { name: 'Save the Apple issuer' }));
  expect(await screen.findByText('pass.com.acme.loyalty of team ABCDE12345, until 2026-12-20')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [
      `${base}/apple`,
      {
        org_id: ACME_ORG_ID,
        pass_type_identifier: 'pass.com.acme.loyalty',
        team_identifier: 'ABCDE12345',
        certificate_pem: CERTIFICATE,
        private_key_pem: KEY,
        wwdr_pem: CERTIFICATE,
      },
    ],
  ]);
  const connected = cardOf('Apple Wallet');
  expect(within(connected).getByText('Connected')).toBeTruthy();
  expect((within(connected).getByLabelText('Private key (PEM)') as HTMLTextAreaElement).value).toBe('');
  expect(within(connected).getByText('Valid until 20 Dec 2026')).toBeTruthy();
  expect(within(connected).getByText('The pass type certificate ends in 17 days: renew it in the Apple developer account.')).toBeTruthy();
  expect(within(connected).getByText('Warning')).toBeTruthy();
  await expectNoAxeViolations(container);
});

test('a refused issuer shows the server’s detail, naming the part that is wrong, next to the form', async () => {
  start();
  await screen.findByText('No Google Wallet issuer is connected.');
  const apple = cardOf('Apple Wallet');
  fillApple(apple, 'wrong');
  fireEvent.click(within(apple).getByRole('button', { name: 'Save the Apple issuer' }));
  const refusal = await within(apple).findByRole('alert');
  expect(refusal.textContent).toContain('The Apple WWDR certificate did not issue the pass type certificate: use the G4 one.');
  expect(within(cardOf('Apple Wallet')).getByText('Not connected')).toBeTruthy();
});

test('a connected Google issuer shows its summary and disconnects back to its hint', async () => {
  issuers = {
    issuers: [
      issuers.issuers[0]!,
      {
        provider: 'google',
        connected: true,
        summary: 'Issuer 3388000000022123456 as wallet@acme.iam.gserviceaccount.com',
        expires_at: null,
        problems: [],
        updated_at: '2026-12-03T10:00:00.000Z',
        hint: '',
      },
    ],
  };
  start();
  await screen.findByText('Issuer 3388000000022123456 as wallet@acme.iam.gserviceaccount.com');
  const google = cardOf('Google Wallet');
  fireEvent.click(within(google).getByRole('button', { name: 'Disconnect Google Wallet' }));
  expect(await screen.findByText('No Google Wallet issuer is connected.')).toBeTruthy();
});

test('the Google service account key is read from its file as text, and saved with the issuer id', async () => {
  const { container } = start();
  await screen.findByText('No Google Wallet issuer is connected.');
  const google = cardOf('Google Wallet');
  const key = JSON.stringify({ type: 'service_account', client_email: 'wallet@acme.iam.gserviceaccount.com' });
  const picker = google.querySelector('input[type="file"]') as HTMLInputElement;
  // jsdom's File has no text(), which every browser the app supports has.
  const file = Object.assign(new File([key], 'key.json', { type: 'application/json' }), { text: async () => key });
  fireEvent.change(picker, { target: { files: [file] } });
  await waitFor(() => expect((within(google).getByLabelText('Service account key (JSON)') as HTMLTextAreaElement).value).toBe(key));
  type('Issuer id', '3388000000022123456', google);
  fireEvent.click(within(google).getByRole('button', { name: 'Save the Google issuer' }));
  await waitFor(() =>
    expect(requestsOf(api, 'PUT')).toEqual([[`${base}/google`, { org_id: ACME_ORG_ID, issuer_id: '3388000000022123456', service_account_json: key }]]),
  );
  await expectNoAxeViolations(container);
});

test('a viewer sees the issuers but no form and no disconnect', async () => {
  start('viewer');
  expect(await screen.findByText('No Google Wallet issuer is connected.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save the Apple issuer' })).toBeNull();
  expect(screen.queryByLabelText('Issuer id')).toBeNull();
});
