import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PassDesignView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { pickOption } from '../../testing/pick-option';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { DESIGN_ID, designView, EVENT_CODE_ID, EVENT_PAGE_ID, eventPage, PROGRAMME_ID, programmeView } from './passes-admin-fixtures';

let api: FakeApi;
let designs: PassDesignView[];

function start(path: string) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role: 'admin' }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations('admin');
    if (url === `/api/v1/passes/designs?org_id=${ACME_ORG_ID}`) return reply(200, designs);
    if (url === `/api/v1/loyalty/programmes?org_id=${ACME_ORG_ID}`) return reply(200, [programmeView()]);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`) return reply(200, [{ code_id: EVENT_CODE_ID, id: EVENT_CODE_ID, name: 'Jazz flyer' }]);
    if (url === `/api/v1/pages?code_id=${EVENT_CODE_ID}`) return reply(200, [eventPage()]);
    if (url === '/api/v1/passes/designs' && method === 'POST') {
      const sent = body as Pick<PassDesignView, 'source' | 'terms'>;
      const saved = designView({ ...sent, passes: 0 });
      designs = [saved];
      return reply(201, saved);
    }
    if (url === `/api/v1/passes/designs/${DESIGN_ID}` && method === 'PUT') {
      const saved = designView({ ...(body as Pick<PassDesignView, 'source' | 'terms'>) });
      designs = [saved];
      return reply(200, saved);
    }
    if (url.startsWith('/pass-service/passes?')) return reply(200, { items: [], page: 1, per_page: 25, total: 0 });
    return undefined;
  });
  return renderApp(path);
}

const preview = () => screen.getByRole('region', { name: 'Pass preview' });
const fieldset = (name: string) => screen.getByRole('group', { name });
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Picks from a select whose options arrive with its own request, after it appears. */
async function pickLoaded(select: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: select }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

beforeEach(() => {
  localStorage.clear();
  designs = [];
});

test('the preview fills the fields with sample values as they are typed, in the design’s colours, front and back', async () => {
  const { container } = start('/admin/passes/new');
  const primary = await screen.findByRole('group', { name: 'Primary field 1' });
  expect(within(preview()).getByText('7')).toBeTruthy();
  expect(within(preview()).getByText('Ada Lovelace')).toBeTruthy();
  expect(within(preview()).getByRole('img', { name: 'The pass’s QR code' })).toBeTruthy();

  type(primary, 'Value', '{{balance}} of {{stamps_required}} stamps');
  expect(within(preview()).getByText('7 of 10 stamps')).toBeTruthy();
  type(screen.getByRole('group', { name: 'Secondary field 1' }), 'Label', 'Hello {{name}}');
  expect(within(preview()).getByText('Hello Ada Lovelace')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#aa0000' } });
  await waitFor(() => expect(screen.getByTestId('pass-face').style.backgroundColor).toBe('rgb(170, 0, 0)'));

  fireEvent.click(within(preview()).getByRole('button', { name: 'Back' }));
  expect(within(preview()).getByRole('button', { name: 'Back' }).getAttribute('aria-pressed')).toBe('true');
  expect(within(preview()).getByText('Coffee card of Café Terrasse')).toBeTruthy();
  expect(within(preview()).queryByText('7 of 10 stamps')).toBeNull();
  await expectNoAxeViolations(container);
});

test('a field naming a value its kind has not got shows the contract’s message, and nothing is sent', async () => {
  start('/admin/passes/new');
  const primary = await screen.findByRole('group', { name: 'Primary field 1' });
  type(primary, 'Value', '{{points}}');
  fireEvent.change(screen.getByLabelText('Design name'), { target: { value: 'Coffee pass' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Acme coffee card' } });
  await pickLoaded('Loyalty programme', 'Coffee card');
  fireEvent.click(screen.getByRole('button', { name: 'Create the design' }));

  expect(
    await within(primary).findByText(
      'A loyalty card has no {{points}}: use {{organization_name}}, {{programme}}, {{name}}, {{balance}}, {{lifetime}}, {{tier}}, {{next_tier}}, {{stamps_required}}.',
    ),
  ).toBeTruthy();
  expect(within(primary).getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('each part of the pass takes at most as many fields as a wallet shows, and the design saves with its source', async () => {
  const { router } = start('/admin/passes/new');
  await screen.findByRole('group', { name: 'Primary field 1' });
  expect(screen.getByRole('button', { name: 'Add a primary field' }).hasAttribute('disabled')).toBe(true);
  const addHeader = screen.getByRole('button', { name: 'Add a header field' });
  for (let i = 0; i < 3; i++) fireEvent.click(addHeader);
  expect(addHeader.hasAttribute('disabled')).toBe(true);
  expect(screen.getByText('3 of at most 3')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove header field 3' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove header field 2' }));
  type(fieldset('Header field 1'), 'Value', '{{tier}}');

  fireEvent.click(screen.getByRole('button', { name: 'Create the design' }));
  expect(await screen.findByText('Give the design a name.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Design name'), { target: { value: 'Coffee pass' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Acme coffee card' } });
  await pickLoaded('Loyalty programme', 'Coffee card');
  fireEvent.click(screen.getByRole('button', { name: 'Create the design' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/passes/${DESIGN_ID}`));
  const [[path, sent]] = requestsOf(api, 'POST') as [[string, { org_id: string; source: unknown; terms: PassDesignView['terms'] }]];
  expect(path).toBe('/api/v1/passes/designs');
  expect(sent.org_id).toBe(ACME_ORG_ID);
  expect(sent.source).toEqual({ kind: 'loyalty_card', programme_id: PROGRAMME_ID });
  expect(sent.terms.header_fields).toEqual([{ key: 'header_1', label: '', value: '{{tier}}' }]);
  expect(sent.terms.name).toBe('Coffee pass');
  expect(await screen.findByRole('heading', { name: 'Passes' })).toBeTruthy();
});

test('a saved design opens with its values and saves the edit with the source it keeps', async () => {
  designs = [designView()];
  start(`/admin/passes/${DESIGN_ID}`);
  const name = await screen.findByLabelText('Design name');
  expect((name as HTMLInputElement).value).toBe('Coffee card pass');
  expect(screen.queryByRole('combobox', { name: 'Loyalty programme' })).toBeNull();
  fireEvent.change(name, { target: { value: 'Coffee pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the design' }));
  expect(await screen.findByText('The design is saved. Passes made from it show the change.')).toBeTruthy();
  const [[path, sent]] = requestsOf(api, 'PUT') as [[string, { source: unknown; terms: PassDesignView['terms'] }]];
  expect(path).toBe(`/api/v1/passes/designs/${DESIGN_ID}`);
  expect(sent).toEqual({ source: designView().source, terms: { ...designView().terms, name: 'Coffee pass' } });
});

test('an event ticket is for a page found by its code, and starts from the event’s fields', async () => {
  start('/admin/passes/new');
  await pickOption(await screen.findByRole('combobox', { name: 'Kind of pass' }), 'Event ticket');
  expect((within(fieldset('Primary field 1')).getByLabelText('Value') as HTMLInputElement).value).toBe('{{event}}');
  expect(within(preview()).getByText('Jazz night')).toBeTruthy();
  await pickLoaded('Code', 'Jazz flyer');
  await pickLoaded('Event page', 'Jazz night');
  fireEvent.change(screen.getByLabelText('Design name'), { target: { value: 'Jazz ticket' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Jazz night ticket' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create the design' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  const [[, sent]] = requestsOf(api, 'POST') as [[string, { source: unknown }]];
  expect(sent.source).toEqual({ kind: 'event_ticket', page_id: EVENT_PAGE_ID });
});
