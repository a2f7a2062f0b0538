import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WallPhotoView, WallView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CODE_ID, OTHER_PHOTO_ID, PHOTO_ID, WALL_ID, photoView, wallView } from './walls-fixtures';

let api: FakeApi;
let walls: WallView[];
let photos: WallPhotoView[];
const base = '/api/v1/walls';
const wallPath = `${base}/${WALL_ID}`;
const photosOf = (status: string) => `${wallPath}/photos?status=${status}&page=1&per_page=24`;

function start(path: string, role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Café door' }]);
    if (url === `${base}?org_id=${ACME_ORG_ID}&page=1&per_page=100`) return reply(200, { items: walls, page: 1, per_page: 100, total: walls.length });
    if (url === base && method === 'POST') {
      const created = wallView({ ...(body as Partial<WallView>), pending: 0, approved: 0, rejected: 0 });
      walls = [created];
      return reply(201, created);
    }
    if (url === wallPath && method === 'GET') return walls[0] ? reply(200, walls[0]) : undefined;
    if (url === wallPath && method === 'PUT')
      return reply(200, (walls = [wallView({ ...(body as Partial<WallView>), updated_at: '2026-12-01T12:00:00.000Z' })])[0]);
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      if (url === photosOf(status)) {
        const items = photos.filter((photo) => photo.status === status);
        return reply(200, { items, page: 1, per_page: 24, total: items.length });
      }
    }
    const review = url.match(new RegExp(`^${wallPath}/photos/([^/]+)/review$`));
    if (review && method === 'POST') {
      const decision = (body as { decision: string }).decision;
      photos = photos.map((photo) => (photo.photo_id === review[1] ? { ...photo, status: decision === 'approve' ? 'approved' : 'rejected' } : photo));
      return reply(
        200,
        photos.find((photo) => photo.photo_id === review[1]),
      );
    }
    if (url === `${wallPath}/embeds` && method === 'POST') {
      const { origin } = body as { origin: string };
      walls = [wallView({ embed_origins: [origin] })];
      return reply(201, {
        origin,
        url: `/wall-embed/${WALL_ID}`,
        snippet: `<iframe src="http://app.test/wall-embed/${WALL_ID}" title="Summer party"></iframe>`,
      });
    }
    if (url === `${wallPath}/export`) return reply(200, 'PK-zip-bytes');
    if (url.startsWith(`${wallPath}/embeds?`) && method === 'DELETE') return ((walls = [wallView({ embed_origins: [] })]), reply(204));
    return undefined;
  });
  return renderApp(path);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  walls = [];
  photos = [
    photoView(),
    photoView({
      photo_id: OTHER_PHOTO_ID,
      caption: '',
      flagged: true,
      nsfw: { scores: { drawing: 0, hentai: 0.1, neutral: 0.2, porn: 0.5, sexy: 0.2 }, nsfw: 0.8, model: 'MobileNetV2' },
    }),
  ];
});

test('staff create a slideshow wall on a code, with its settings and a stricter NSFW threshold, and land on its screen', async () => {
  const { container, router } = start('/admin/selfie-walls');
  expect(await screen.findByText('No selfie walls yet. Create the first one below.')).toBeTruthy();
  expect(screen.getByText(/The default, 60%, flags what the model is fairly sure of/)).toBeTruthy();
  await expectNoAxeViolations(container);

  await waitFor(() => expect(screen.getByRole('option', { name: 'Café door' })).toBeTruthy());
  type('Code', CODE_ID);
  type('Title', 'Summer party');
  type('Prompt', 'Show us your team!');
  fireEvent.click(screen.getByRole('radio', { name: 'A slideshow, one photo at a time' }));
  type('Seconds per photo', '10');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Visitors may add a caption' }));
  fireEvent.click(screen.getByRole('checkbox', { name: /Approve photos the NSFW check passes at once/ }));
  const threshold = screen.getByRole('slider', { name: 'NSFW threshold' });
  for (let step = 0; step < 10; step++) fireEvent.keyDown(threshold, { key: 'ArrowLeft' });
  expect(screen.getByText('NSFW threshold: 50%')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create wall' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/selfie-walls/${WALL_ID}`));
  expect(requestsOf(api, 'POST')).toEqual([
    [
      base,
      {
        org_id: ACME_ORG_ID,
        code_id: CODE_ID,
        title: 'Summer party',
        prompt: 'Show us your team!',
        layout: 'slideshow',
        slideshow_seconds: 10,
        captions: false,
        auto_approve: true,
        nsfw_threshold: 0.5,
      },
    ],
  ]);
  expect(await screen.findByRole('heading', { name: 'Summer party', level: 1 })).toBeTruthy();
});

test('a wall without a code or a title is not sent, and the form says what is missing', async () => {
  start('/admin/selfie-walls');
  fireEvent.click(await screen.findByRole('button', { name: 'Create wall' }));
  expect(await screen.findByText('Choose the code the wall is for.')).toBeTruthy();
  expect(screen.getByText('Give the wall a title.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('the list shows each wall with its code and how many photos wait and are on the wall', async () => {
  walls = [wallView()];
  start('/admin/selfie-walls');
  const list = await screen.findByRole('list', { name: 'Selfie walls' });
  expect(within(list).getByRole('link', { name: 'Summer party' }).getAttribute('href')).toBe(`/admin/selfie-walls/${WALL_ID}`);
  await waitFor(() => expect(within(list).getByText('On Café door')).toBeTruthy());
  expect(within(list).getByText('2 photos waiting · 5 on the wall')).toBeTruthy();
});

test('staff review the queue: scores per class, a flagged photo marked, approve one and reject the other', async () => {
  walls = [wallView()];
  const { container } = start(`/admin/selfie-walls/${WALL_ID}`);
  const queue = await screen.findByRole('list', { name: 'Waiting photos' });
  expect(within(queue).getAllByRole('listitem')).toHaveLength(2);
  expect(within(queue).getByText('NSFW score 8%')).toBeTruthy();
  expect(within(queue).getByText('Drawing 2% · Hentai 1% · Neutral 90% · Porn 3% · Sexy 4%')).toBeTruthy();
  expect(within(queue).getAllByText('Flagged')).toHaveLength(1);
  expect(screen.getByRole('tab', { name: 'Waiting (2)' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Open the wall' }).getAttribute('href')).toBe(`/wall/${WALL_ID}`);
  expect(screen.getByRole('link', { name: 'Open the embedded wall' }).getAttribute('href')).toBe(`/wall-embed/${WALL_ID}`);
  await expectNoAxeViolations(container);

  fireEvent.click(within(queue).getByRole('button', { name: 'Approve “Team blue”' }));
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Waiting photos' })).getAllByRole('listitem')).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'Reject the photo without a caption' }));
  expect(await screen.findByText('Nothing waiting for review.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([
    [`${wallPath}/photos/${PHOTO_ID}/review`, { decision: 'approve' }],
    [`${wallPath}/photos/${OTHER_PHOTO_ID}/review`, { decision: 'reject' }],
  ]);

  fireEvent.click(screen.getByRole('tab', { name: /Approved/ }));
  const approved = await screen.findByRole('list', { name: 'Approved photos' });
  expect(within(approved).getByText('Team blue')).toBeTruthy();
  expect(within(approved).queryByRole('button', { name: /Approve/ })).toBeNull();
  expect(within(approved).getByRole('button', { name: 'Reject “Team blue”' })).toBeTruthy();
});

test('a viewer sees the queue but cannot decide, change settings or add sites', async () => {
  walls = [wallView()];
  start(`/admin/selfie-walls/${WALL_ID}`, 'viewer');
  await screen.findByRole('list', { name: 'Waiting photos' });
  expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add site' })).toBeNull();
});

test('staff allow their site to embed the wall, copy the iframe it answers, and remove the site again', async () => {
  walls = [wallView()];
  start(`/admin/selfie-walls/${WALL_ID}`);
  await screen.findByText('No sites yet.');
  type('Your site’s address', 'not a site');
  fireEvent.click(screen.getByRole('button', { name: 'Add site' }));
  expect(await screen.findByText('Give the site’s address, such as https://www.example.com.')).toBeTruthy();

  type('Your site’s address', 'https://www.harbour-deli.example/party?x=1');
  fireEvent.click(screen.getByRole('button', { name: 'Add site' }));
  expect(await screen.findByRole('heading', { name: 'Paste this into https://www.harbour-deli.example' })).toBeTruthy();
  expect(screen.getByText(`<iframe src="http://app.test/wall-embed/${WALL_ID}" title="Summer party"></iframe>`)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copy the snippet' })).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([[`${wallPath}/embeds`, { origin: 'https://www.harbour-deli.example' }]]);

  const sites = await screen.findByRole('list', { name: 'Sites that may embed the wall' });
  fireEvent.click(within(sites).getByRole('button', { name: 'Remove https://www.harbour-deli.example' }));
  expect(await screen.findByText('No sites yet.')).toBeTruthy();
  expect(requestsOf(api, 'DELETE')).toEqual([[`${wallPath}/embeds?origin=https%3A%2F%2Fwww.harbour-deli.example`, undefined]]);
});

test('staff change a wall’s settings in place', async () => {
  walls = [wallView()];
  start(`/admin/selfie-walls/${WALL_ID}`);
  const title = await screen.findByLabelText('Title');
  fireEvent.change(title, { target: { value: 'Winter party' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByText('Settings saved.')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([
    [
      wallPath,
      {
        title: 'Winter party',
        prompt: 'Show us your team!',
        layout: 'masonry',
        slideshow_seconds: 6,
        captions: true,
        auto_approve: false,
        nsfw_threshold: 0.6,
      },
    ],
  ]);
  expect(await screen.findByRole('heading', { name: 'Winter party', level: 1 })).toBeTruthy();
});

test('staff download the wall’s photos as a zip named after the wall', async () => {
  walls = [wallView()];
  URL.createObjectURL = jest.fn(() => 'blob:wall-photos');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('Summer party.zip');
  });
  start(`/admin/selfie-walls/${WALL_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Download the photos (zip)' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  expect(api.mock.calls.some(([url]) => url === `${wallPath}/export`)).toBe(true);
  click.mockRestore();
});
