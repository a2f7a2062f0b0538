import { fireEvent, screen, within } from '@testing-library/react';
import type { PassView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CARD_ID, DESIGN_ID, designView, PASS_ID, PASS_TYPE, passView } from './passes-admin-fixtures';

const NEW_PASS_ID = '0190a6b2-0000-7000-8000-00000000f0a2';
const passPath = `/pass-service/passes/${PASS_TYPE}/${PASS_ID}`;
const GOOGLE_LINK = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.sig';
let api: FakeApi;
let passes: PassView[];

function start(role = 'admin') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/passes/designs?org_id=${ACME_ORG_ID}`) return reply(200, [designView()]);
    if (url === `/pass-service/passes?org_id=${ACME_ORG_ID}&design_id=${DESIGN_ID}&page=1&per_page=25`)
      return reply(200, { items: passes, page: 1, per_page: 25, total: passes.length });
    if (url === passPath && method === 'PUT') {
      passes = passes.map((pass) => ({ ...pass, voided: (body as { voided: boolean }).voided }));
      return reply(200, passes[0]);
    }
    if (url === `${passPath}/push` && method === 'POST') return reply(200, { pass_id: PASS_ID, apple_devices: 2, google: true });
    if (url === '/pass-service/passes' && method === 'POST') {
      const made = passView({
        pass_id: NEW_PASS_ID,
        serialNumber: NEW_PASS_ID,
        holder: 'Grace Hopper',
        devices: 0,
        apple_url: `https://acme.test/pass-service/pkpass/${PASS_TYPE}/${NEW_PASS_ID}`,
      });
      passes = [...passes, made];
      return reply(201, made);
    }
    if (url === '/api/v1/integrations/wallet-url' && method === 'POST') return reply(200, { url: GOOGLE_LINK });
    return undefined;
  });
  return renderApp(`/admin/passes/${DESIGN_ID}`);
}

beforeEach(() => {
  localStorage.clear();
  passes = [passView()];
});

test('a design’s passes show holder, state and devices; void, restore and push each say what they did', async () => {
  const { container } = start();
  const table = await screen.findByRole('region', { name: 'Passes of the design' });
  const row = within(table).getByText('Ada Lovelace').closest('tr') as HTMLElement;
  expect(within(row).getByText('Valid')).toBeTruthy();
  expect(within(row).getByText('1')).toBeTruthy();
  expect(within(row).getByText('25 Nov 2026')).toBeTruthy();
  expect(within(row).getByRole('link', { name: 'Download .pkpass for Ada Lovelace' }).getAttribute('href')).toBe(passView().apple_url);
  await expectNoAxeViolations(container);

  fireEvent.click(within(row).getByRole('button', { name: 'Void the pass for Ada Lovelace' }));
  expect(await screen.findByText('The pass for Ada Lovelace is voided.')).toBeTruthy();
  expect(await within(table).findByText('Voided')).toBeTruthy();
  fireEvent.click(within(table).getByRole('button', { name: 'Restore the pass for Ada Lovelace' }));
  expect(await screen.findByText('The pass for Ada Lovelace is valid again.')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [passPath, { voided: true }],
    [passPath, { voided: false }],
  ]);

  fireEvent.click(within(table).getByRole('button', { name: 'Push the pass for Ada Lovelace' }));
  expect(await screen.findByText('Sent to 2 Apple devices and to Google Wallet.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([[`${passPath}/push`, undefined]]);
});

test('issuing a pass for a card shows its .pkpass and its Google Wallet link; an empty card id is refused first', async () => {
  start();
  const issue = (await screen.findByRole('heading', { name: 'Issue a pass' })).closest('.mantine-Card-root') as HTMLElement;
  fireEvent.click(within(issue).getByRole('button', { name: 'Issue the pass' }));
  expect(await within(issue).findByText('A card id is a UUID.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  fireEvent.change(within(issue).getByLabelText('Card id'), { target: { value: CARD_ID } });
  fireEvent.click(within(issue).getByRole('button', { name: 'Issue the pass' }));
  expect(await within(issue).findByText('The pass for Grace Hopper is ready.')).toBeTruthy();
  expect(within(issue).getByRole('link', { name: 'Download the .pkpass for Apple Wallet' }).getAttribute('href')).toContain(NEW_PASS_ID);
  expect(within(issue).getByRole('link', { name: 'Open the Google Wallet link' }).getAttribute('href')).toBe(GOOGLE_LINK);
  expect(requestsOf(api, 'POST')).toEqual([
    ['/pass-service/passes', { design_id: DESIGN_ID, holder: { kind: 'loyalty_card', card_id: CARD_ID } }],
    ['/api/v1/integrations/wallet-url', { pass_id: NEW_PASS_ID }],
  ]);
  expect(await screen.findByText('Grace Hopper')).toBeTruthy();
});

test('a viewer sees the passes and their downloads but cannot void, push or issue', async () => {
  start('viewer');
  const table = await screen.findByRole('region', { name: 'Passes of the design' });
  expect(within(table).getByRole('link', { name: 'Download .pkpass for Ada Lovelace' })).toBeTruthy();
  expect(within(table).queryByRole('button', { name: 'Void the pass for Ada Lovelace' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Issue a pass' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save the design' })).toBeNull();
});
