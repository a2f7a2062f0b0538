import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_UPLOAD_BYTES, type PublicWallView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../../testing/axe';
import { installFakeApi, reply, type FakeApi, type FakeResponse } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { OTHER_PHOTO_ID, PHOTO_ID, WALL_ID, publicPhoto, publicWall } from '../walls-fixtures';

/** The wall's event stream, played by the test: jsdom has no EventSource. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: string) {
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
}

let api: FakeApi;
let wall: PublicWallView | null;
let postAnswer: () => FakeResponse;
const wallPath = `/api/v1/public/walls/${WALL_ID}`;

function start(path = `/wall/${WALL_ID}`) {
  api = installFakeApi((url, method) => {
    if (url === wallPath && method === 'GET') return wall ? reply(200, wall) : reply(404, { title: 'Not Found', code: 'wall_not_found' });
    if (url === `${wallPath}/photos` && method === 'POST') return postAnswer();
    return undefined;
  });
  return renderApp(path);
}

const photoFile = (size = 1000) => new File([new Uint8Array(size)], 'me.jpg', { type: 'image/jpeg' });
const fileInputs = () => [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
const pick = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const post = () => fireEvent.click(screen.getByRole('button', { name: 'Post to the wall' }));
const sentForm = () => api.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;

beforeAll(() => {
  Object.assign(globalThis, { EventSource: FakeEventSource });
  URL.createObjectURL = () => 'blob:picked-photo';
  URL.revokeObjectURL = () => undefined;
});

beforeEach(() => {
  FakeEventSource.opened = [];
  wall = publicWall();
  postAnswer = () => reply(201, { photo_id: OTHER_PHOTO_ID, status: 'pending', message: 'Held for review.' });
});

test('the wall shows its approved photos with captions in the brand frame, its QR code, and new photos live without a reload', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Summer party', level: 1 })).toBeTruthy();
  expect(screen.getByText('Harbour Deli')).toBeTruthy();
  const photos = screen.getByRole('list', { name: 'Photos on the wall' });
  expect(within(photos).getByRole('img', { name: 'Team blue' }).getAttribute('src')).toBe(`${wallPath}/photos/${PHOTO_ID}`);
  expect(within(photos).getByText('Team blue')).toBeTruthy();
  expect(await screen.findByRole('img', { name: 'QR code to join Summer party' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Show us your team!' })).toBeTruthy();
  await expectNoAxeViolations(container);

  const [stream] = FakeEventSource.opened;
  expect(stream?.url).toBe(`${wallPath}/live`);
  stream!.send(JSON.stringify({ wall_id: WALL_ID, photos: [publicPhoto(OTHER_PHOTO_ID, 'Team red'), publicPhoto(PHOTO_ID, 'Team blue')], position: '1-2' }));
  expect(within(photos).getAllByRole('img')).toHaveLength(2);
  expect(within(photos).getByRole('img', { name: 'Team red' })).toBeTruthy();
  // A message that does not fit the contract leaves the screen as it is.
  stream!.send('{"photos": "nope"}');
  stream!.send('not json');
  expect(within(photos).getAllByRole('img')).toHaveLength(2);
  // A rejection takes a photo off: the message carries the whole screen.
  stream!.send(JSON.stringify({ wall_id: WALL_ID, photos: [publicPhoto(OTHER_PHOTO_ID, 'Team red')], position: '1-3' }));
  expect(within(photos).queryByRole('img', { name: 'Team blue' })).toBeNull();
});

test('the embedded wall is the same screen without the QR code', async () => {
  start(`/wall-embed/${WALL_ID}`);
  expect(await screen.findByRole('heading', { name: 'Summer party', level: 1 })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Team blue' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Post to the wall' })).toBeTruthy();
  expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  expect(screen.queryByText('Scan to add your photo')).toBeNull();
});

test('a slideshow shows one photo at a time, the next after the wall’s seconds', async () => {
  wall = publicWall({ layout: 'slideshow', slideshow_seconds: 3, photos: [publicPhoto(PHOTO_ID, 'Team blue'), publicPhoto(OTHER_PHOTO_ID, 'Team red')] });
  start();
  const show = await screen.findByRole('group', { name: 'Photos on the wall, one at a time' });
  expect(within(show).getAllByRole('img')).toHaveLength(1);
  expect(within(show).getByRole('img', { name: 'Team blue' })).toBeTruthy();
  expect(within(show).getByText('1 of 2')).toBeTruthy();
  expect(await within(show).findByRole('img', { name: 'Team red' }, { timeout: 5000 })).toBeTruthy();
  expect(within(show).getByText('2 of 2')).toBeTruthy();
});

test('a wall with no approved photos yet says so', async () => {
  wall = publicWall({ photos: [] });
  start();
  expect(await screen.findByText('No photos yet. Be the first: yours appears here once it is on the wall.')).toBeTruthy();
});

test('a visitor takes a photo with the front camera, adds a caption and hears it waits for approval', async () => {
  start();
  await screen.findByRole('heading', { name: 'Summer party', level: 1 });
  expect(screen.getByRole('button', { name: 'Post to the wall' }).hasAttribute('disabled')).toBe(true);
  const [camera, library] = fileInputs();
  expect(camera?.getAttribute('capture')).toBe('user');
  expect(camera?.getAttribute('accept')).toBe('image/*');
  expect(library?.hasAttribute('capture')).toBe(false);
  expect(screen.getByRole('button', { name: 'Take a photo' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Choose from library' })).toBeTruthy();

  pick(camera!, photoFile());
  expect(screen.getByRole('img', { name: 'The photo you picked' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Caption (optional)'), { target: { value: '  Team green  ' } });
  post();
  expect(await screen.findByText('Thanks! Your photo will appear once it is approved.')).toBeTruthy();
  const form = sentForm();
  expect((form.get('file') as File).name).toBe('me.jpg');
  expect(form.get('caption')).toBe('Team green');

  fireEvent.click(screen.getByRole('button', { name: 'Post another photo' }));
  expect(screen.getByRole('button', { name: 'Post to the wall' })).toBeTruthy();
});

test('a photo the wall approves at once is said to be on the wall; a wall without captions asks for none', async () => {
  wall = publicWall({ captions: false });
  postAnswer = () => reply(201, { photo_id: OTHER_PHOTO_ID, status: 'approved', message: 'On the wall.' });
  start();
  await screen.findByRole('heading', { name: 'Summer party', level: 1 });
  expect(screen.queryByLabelText('Caption (optional)')).toBeNull();
  pick(fileInputs()[1]!, photoFile());
  post();
  expect(await screen.findByText('Your photo is on the wall.')).toBeTruthy();
  expect(sentForm().get('caption')).toBeNull();
});

test.each([
  [
    'too large',
    () => reply(413, { title: 'Payload Too Large', code: 'upload_too_large' }),
    'The photo is larger than 5 MB. Pick a smaller one, or take it at a lower resolution.',
  ],
  [
    'not an image',
    () => reply(400, { title: 'Bad Request', code: 'unsupported_image_type' }),
    'That file is not a photo we can show: pick a PNG, JPEG, WebP or GIF image.',
  ],
  ['unreadable', () => reply(400, { title: 'Bad Request', code: 'image_unreadable' }), 'The photo could not be read. It may be damaged: try another one.'],
  ['too many pixels', () => reply(400, { title: 'Bad Request', code: 'image_dimensions_too_large' }), 'The photo is too large: at most 4096 × 4096 pixels.'],
  [
    'flooding',
    () => reply(429, { title: 'Too Many Requests', code: 'rate_limited' }, { 'Retry-After': '30' }),
    'Too many photos from here just now. Please try again in 30 seconds.',
  ],
  ['a wall gone', () => reply(404, { title: 'Not Found', code: 'wall_not_found' }), 'This wall is no longer taking photos.'],
])('a photo refused as %s says why in words, and the visitor can try another', async (_, answer, words) => {
  postAnswer = answer;
  start();
  await screen.findByRole('heading', { name: 'Summer party', level: 1 });
  pick(fileInputs()[0]!, photoFile());
  post();
  const refusal = await screen.findByRole('alert');
  expect(within(refusal).getByText('Your photo was not posted')).toBeTruthy();
  expect(within(refusal).getByText(words)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Post to the wall' })).toBeTruthy();
});

test('a photo over the size limit is refused before it is sent', async () => {
  start();
  await screen.findByRole('heading', { name: 'Summer party', level: 1 });
  pick(fileInputs()[0]!, photoFile(MAX_UPLOAD_BYTES + 1));
  post();
  expect(await screen.findByText('The photo is larger than 5 MB. Pick a smaller one, or take it at a lower resolution.')).toBeTruthy();
  expect(sentForm()).toBeUndefined();
});

test('an unknown wall says it is not available', async () => {
  wall = null;
  start();
  expect(await screen.findByRole('heading', { name: 'This wall is not available' })).toBeTruthy();
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(0));
});
