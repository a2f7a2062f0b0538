import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_REGISTRATION_FORM } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
const EXPERIENCE_ID = '7d4f2b1e-4c8a-4b1e-9a55-0d5c4d7f3e12';
const devConf = {
  experience_id: EXPERIENCE_ID,
  org_id: '0a000000-0000-4000-8000-000000000001',
  name: 'DevConf',
  description: 'Two days of talks',
  starts_on: '2026-11-25',
  ends_on: '2026-11-26',
  page_count: 2,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};
const page = {
  page_id: PAGE_ID,
  code_id: 'AbCdEf1234',
  org_id: '0a000000-0000-4000-8000-000000000001',
  title: 'Welcome',
  vanity_name: null,
  blocks: [],
  form: DEFAULT_REGISTRATION_FORM,
  success_message: 'Thanks',
  success_button: null,
  theme: { source: 'brand_kit' },
  created_at: devConf.created_at,
  updated_at: devConf.updated_at,
};

let api: FakeApi;
let experiences: object[];
let eventData: object | null;

function start(path: string) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations('editor');
    if (url === '/api/v1/experiences?org_id=0a000000-0000-4000-8000-000000000001') return reply(200, experiences);
    if (url === '/api/v1/experiences' && method === 'POST') {
      experiences = [...experiences, { ...devConf, ...(body as object), page_count: 0 }];
      return reply(201, { experience_id: EXPERIENCE_ID });
    }
    if (url === `/api/v1/experiences/${EXPERIENCE_ID}` && method === 'DELETE') return ((experiences = []), reply(204));
    if (url === `/api/v1/pages/${PAGE_ID}` && method === 'GET') return reply(200, page);
    if (url === `/api/v1/pages/${PAGE_ID}/event-data` && method === 'GET') return reply(200, { page_id: PAGE_ID, event_data: eventData });
    if (url === `/api/v1/pages/${PAGE_ID}/event-data` && method === 'PUT')
      return ((eventData = { page_id: PAGE_ID, ...(body as object) }), reply(200, { page_id: PAGE_ID, event_data: eventData }));
    return undefined;
  });
  renderApp(path);
}

beforeEach(() => {
  localStorage.clear();
  experiences = [];
  eventData = null;
});

test('a newcomer is told what an experience is, creates one after fixing its dates, and deletes it', async () => {
  start('/admin/experiences');
  expect(await screen.findByText('No experiences yet. Name your first one below, with its first and last day.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'DevConf' } });
  fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-26' } });
  fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-11-25' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create experience' }));
  expect(await screen.findByText('The last day cannot be before the first.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-25' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create experience' }));
  const row = (await screen.findByText('DevConf')).closest('tr')!;
  expect(within(row).getByText('2026-11-25')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([
    [
      '/api/v1/experiences',
      { org_id: '0a000000-0000-4000-8000-000000000001', name: 'DevConf', description: '', starts_on: '2026-11-25', ends_on: '2026-11-25' },
    ],
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'Delete DevConf' }));
  expect(await screen.findByText(/No experiences yet/)).toBeTruthy();
});

test('the page editor attaches a place and a window to a page, refusing coordinates off the globe before sending', async () => {
  experiences = [devConf];
  start(`/admin/update-page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('tab', { name: 'Event access' }));
  expect(await screen.findByText(/Anyone can open this page now/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/Latitude/), { target: { value: '95' } });
  fireEvent.change(screen.getByLabelText(/Longitude/), { target: { value: '13.377704' } });
  fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-11-25T08:00' } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-11-25T18:00' } });
  await waitFor(() => expect(screen.getByRole('option', { name: 'DevConf' })).toBeTruthy());
  fireEvent.change(screen.getByLabelText(/^Experience/), { target: { value: EXPERIENCE_ID } });
  fireEvent.click(screen.getByRole('button', { name: 'Save event access' }));
  expect(await screen.findByText('Latitude is between -90 and 90.')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([]);

  fireEvent.change(screen.getByLabelText(/Latitude/), { target: { value: '52.516275' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save event access' }));
  expect(await screen.findByText(/Only visitors who are within the radius/)).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [
      `/api/v1/pages/${PAGE_ID}/event-data`,
      {
        latitude: 52.516275,
        longitude: 13.377704,
        radius_m: 200,
        starts_at: new Date('2026-11-25T08:00').toISOString(),
        ends_at: new Date('2026-11-25T18:00').toISOString(),
        experience_id: EXPERIENCE_ID,
      },
    ],
  ]);
});

test('"Use my current location" fills the coordinates from the admin’s device', async () => {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 48.8582221, longitude: 2.2945 } } as GeolocationPosition) },
    configurable: true,
  });
  start(`/admin/update-page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('tab', { name: 'Event access' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Use my current location' }));
  expect((screen.getByLabelText(/Latitude/) as HTMLInputElement).value).toBe('48.858222');
  expect((screen.getByLabelText(/Longitude/) as HTMLInputElement).value).toBe('2.294500');
});
