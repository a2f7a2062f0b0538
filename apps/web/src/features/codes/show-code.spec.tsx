import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeView } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { codeView } from '../../testing/code-view';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { destinationOf } from './code-content-fields';

const code = (content: Record<string, unknown>) => codeView('MenuCode01', 'Menu', { scan_count: 3, url: undefined, ...content });

const SVG = reply(200, '<svg xmlns="http://www.w3.org/2000/svg"/>');

/** The app at `path` for an editor of 0a000000-0000-4000-8000-000000000001, whose codes list is empty; `answer` serves the rest of the API. */
function signedIn(path: string, answer: (path: string, method: string) => FakeResponse | undefined): FakeApi {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  const api = installFakeApi((requested, method) => {
    if (requested === '/api/v1/organizations') return acmeOrganizations('editor');
    if (requested === '/api/v1/codes?org_id=0a000000-0000-4000-8000-000000000001&page=1&per_page=10')
      return reply(200, { items: [], page: 1, per_page: 10, total: 0 });
    return answer(requested, method);
  });
  renderApp(path);
  return api;
}

/** `image` answers the QR image's requests, by their query; `answer` any other request. */
function showCode(
  view: CodeView,
  image: (query: string) => FakeResponse = () => SVG,
  answer: (path: string, method: string) => FakeResponse | undefined = () => undefined,
): FakeApi {
  return signedIn('/admin/my-codes/show/MenuCode01', (path, method) => {
    if (path.startsWith('/api/v1/codes/MenuCode01/qr?')) return image(path.split('?')[1]!);
    return answer(path, method) ?? (path === '/api/v1/codes/MenuCode01' ? (method === 'DELETE' ? reply(204) : reply(200, view)) : undefined);
  });
}

beforeEach(() => {
  localStorage.clear();
  // jsdom has no object URLs; downloads are saved through one.
  URL.createObjectURL = jest.fn(() => 'blob:qr');
  URL.revokeObjectURL = jest.fn();
});

test('the code screen says where a scan leads, the web address as a link that opens apart', async () => {
  showCode(code({ type: 'url', url: 'https://example.com/menu' }));
  const link = await screen.findByRole('link', { name: 'https://example.com/menu' });
  expect(link.getAttribute('href')).toBe('https://example.com/menu');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.closest('p')?.textContent).toBe('Sends visitors to https://example.com/menu.');
});

test('Delete this code asks first, deletes the code and goes back to My codes, asking nothing more about it', async () => {
  const api = showCode(code({ type: 'url', url: 'https://example.com/menu' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete this code' }));
  expect(await screen.findByText('This cannot be undone.', { exact: false })).toBeTruthy();
  expect(requestsOf(api, 'DELETE')).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Delete code' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([['/api/v1/codes/MenuCode01', undefined]]));
  expect(await screen.findByRole('heading', { name: 'My codes' })).toBeTruthy();
  expect(await screen.findByText(/No codes yet/)).toBeTruthy();
  // The code, its image or its clones asked again would each be a 404 in the console.
  const deletedAt = api.mock.calls.findIndex(([, init]) => init?.method === 'DELETE');
  const askedSince = api.mock.calls.slice(deletedAt + 1).map(([path]) => path);
  expect(askedSince.filter((path) => path.startsWith('/api/v1/codes/MenuCode01'))).toEqual([]);
});

test('the success page opened without a code says so, with the ways on', async () => {
  signedIn('/admin/create-qr-success', () => undefined);
  expect(await screen.findByRole('heading', { name: 'No code to show' })).toBeTruthy();
  expect(screen.queryByText('Loading the code…')).toBeNull();
  const page = screen.getByRole('main');
  expect(within(page).getByRole('link', { name: 'Create QR code' }).getAttribute('href')).toBe('/admin/create-qr-code');
  expect(within(page).getByRole('link', { name: 'My codes' }).getAttribute('href')).toBe('/admin/my-codes');
});

test('a landing page code links to its page editor', async () => {
  showCode(code({ type: 'page' }));
  const editor = await screen.findByRole('link', { name: 'edit the page' });
  expect(editor.getAttribute('href')).toBe('/admin/pages/MenuCode01');
});

test.each([
  { content: { type: 'vcard', first_name: 'Ada', last_name: 'Lovelace' }, text: 'Shows the business card of Ada Lovelace, with “Add to contacts”' },
  { content: { type: 'vcard', first_name: 'Ada' }, text: 'Shows the business card of Ada, with “Add to contacts”' },
  { content: { type: 'note', title: 'Opening hours', text: 'Nine to five' }, text: 'Shows the note “Opening hours”' },
  { content: { type: 'note', text: 'Nine to five' }, text: 'Shows a note' },
  { content: { type: 'text', text: 'x'.repeat(100) }, text: `Shows the text “${'x'.repeat(79)}…”` },
  { content: { type: 'wifi', ssid: 'Cafe', password: 'secret', encryption: 'WPA', hidden: false }, text: 'Shows the Wi-Fi network Cafe and its password' },
  { content: { type: 'wifi', ssid: 'Cafe', encryption: 'nopass', hidden: false }, text: 'Shows the Wi-Fi network Cafe' },
  { content: { type: 'email', to: 'hello@example.com' }, text: 'Offers to write an email to hello@example.com' },
  { content: { type: 'sms', phone: '+1 555 010 1234' }, text: 'Offers to send a text message to +1 555 010 1234' },
  { content: { type: 'phone', phone: '+1 555 010 1234' }, text: 'Offers to call +1 555 010 1234' },
  { content: { type: 'page' }, text: 'Opens its landing page' },
])('a code is described as “$text”', ({ content, text }) => {
  expect(destinationOf(code(content))).toEqual({ text });
});

test('a Wi-Fi code downloads holding its link, or on request its network itself', async () => {
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const api = showCode(code({ type: 'wifi', ssid: 'Terrace', password: 'espresso42', encryption: 'WPA', hidden: false }));
  fireEvent.click(await screen.findByRole('button', { name: 'Download SVG' }));
  await waitFor(() => expect(saved).toEqual(['Menu.svg']));
  expect(requestsOf(api, 'GET').map(([path]) => path)).toContain('/api/v1/codes/MenuCode01/qr?format=svg');

  expect(screen.getByText(/The camera offers to join the network at once/)).toBeTruthy();
  fireEvent.click(screen.getByRole('radio', { name: /The content itself/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(requestsOf(api, 'GET').map(([path]) => path)).toEqual(
    expect.arrayContaining(['/api/v1/codes/MenuCode01/qr?format=svg&holds=content', '/api/v1/codes/MenuCode01/qr?format=pdf&holds=content']),
  );
});

test('content too long for the design is explained where the code would be, and the link stays a choice', async () => {
  const tooDense = reply(422, { title: 'This design would not scan', code: 'design_unscannable', detail: 'The logo covers too much of the code.' });
  showCode(code({ type: 'text', text: 'A long text' }), (query) => (query.includes('holds=content') ? tooDense : SVG));
  expect(await screen.findByRole('img', { name: 'QR code of Menu' })).toBeTruthy();
  fireEvent.click(screen.getByRole('radio', { name: /The content itself/ }));
  expect((await screen.findByRole('alert')).textContent).toBe('The logo covers too much of the code.');
  fireEvent.click(screen.getByRole('radio', { name: /A link to this code/ }));
  expect(await screen.findByRole('img', { name: 'QR code of Menu' })).toBeTruthy();
});

test('a landing page code only holds its link', async () => {
  showCode(code({ type: 'page' }));
  await screen.findByRole('button', { name: 'Download SVG' });
  expect(screen.queryByRole('radio', { name: /The content itself/ })).toBeNull();
});

/** Watches for QR images pointing at an object URL already revoked, which the browser fails to load (ERR_FILE_NOT_FOUND); the returned function stops and lists them. */
function watchForRevokedImages(): () => string[] {
  const revoked = new Set<string>();
  let made = 0;
  URL.createObjectURL = jest.fn(() => `blob:qr-${++made}`);
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.add(url));
  const broken: string[] = [];
  const observer = new MutationObserver(() => {
    for (const img of screen.queryAllByRole('img', { name: 'QR code of Menu' }))
      if (revoked.has(img.getAttribute('src') ?? '')) broken.push(img.getAttribute('src')!);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  return () => {
    observer.disconnect();
    return broken;
  };
}

test('the QR drawn again, holding the content or after a pause, always loads', async () => {
  const brokenImages = watchForRevokedImages();
  const paused = code({ type: 'text', text: 'Hello', status: 'paused', updated_at: '2026-01-02T00:00:00.000Z' });
  let pausedYet = false;
  let drawn = 0;
  showCode(
    code({ type: 'text', text: 'Hello' }),
    () => reply(200, `<svg xmlns="http://www.w3.org/2000/svg" data-drawing="${++drawn}"/>`),
    (path) => {
      if (path === '/api/v1/codes/MenuCode01/pause') pausedYet = true;
      return pausedYet && (path === '/api/v1/codes/MenuCode01' || path.endsWith('/pause')) ? reply(200, paused) : undefined;
    },
  );
  const shown = () => screen.getByRole('img', { name: 'QR code of Menu' }).getAttribute('src');
  const redrawnAfter = async (act: () => void) => {
    const before = shown();
    act();
    await waitFor(() => expect(shown()).not.toBe(before));
  };

  await screen.findByRole('img', { name: 'QR code of Menu' });
  await redrawnAfter(() => fireEvent.click(screen.getByRole('radio', { name: /The content itself/ })));
  await redrawnAfter(() => fireEvent.click(screen.getByRole('radio', { name: /A link to this code/ })));
  await redrawnAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
  expect(brokenImages()).toEqual([]);
});

/** An answer whose body arrives only once `release` is called: the request stays pending until then. */
function heldBack(answer: FakeResponse): { answer: FakeResponse; release: () => void } {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return {
    answer: {
      ...answer,
      json: () => arrived.then(answer.json),
      blob: () => arrived.then(answer.blob),
    },
    release,
  };
}

test('Pause keeps the keyboard on its button while it works, then says there what pausing did', async () => {
  const paused = code({ type: 'url', url: 'https://example.com/menu', status: 'paused', updated_at: '2026-01-02T00:00:00.000Z' });
  const pausing = heldBack(reply(200, paused));
  let pausedYet = false;
  const api = showCode(code({ type: 'url', url: 'https://example.com/menu' }), undefined, (path) => {
    if (path === '/api/v1/codes/MenuCode01/pause') {
      pausedYet = true;
      return pausing.answer;
    }
    return pausedYet && path === '/api/v1/codes/MenuCode01' ? reply(200, paused) : undefined;
  });
  const pause = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pause' });
  pause.focus();
  fireEvent.click(pause);
  await waitFor(() => expect(pause.getAttribute('aria-busy')).toBe('true'));
  // A browser moves focus off a button that becomes disabled, to the page: Tab then starts again from the top.
  expect(pause.disabled).toBe(false);
  fireEvent.click(pause);
  pausing.release();

  expect(await screen.findByText('Paused: whoever scans it is told “This code is paused” until you resume it.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Resume' })).toBe(pause);
  expect(document.activeElement).toBe(pause);
  expect(requestsOf(api, 'POST').map(([path]) => path)).toEqual(['/api/v1/codes/MenuCode01/pause']);
});

test('a download keeps the keyboard on its button while the file is drawn', async () => {
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const drawing = heldBack(SVG);
  showCode(code({ type: 'url', url: 'https://example.com/menu' }), (query) => (query === 'format=pdf' ? drawing.answer : SVG));
  const pdf = await screen.findByRole<HTMLButtonElement>('button', { name: 'Download PDF' });
  pdf.focus();
  fireEvent.click(pdf);
  await waitFor(() => expect(pdf.getAttribute('aria-busy')).toBe('true'));
  expect(pdf.disabled).toBe(false);
  drawing.release();
  await waitFor(() => expect(pdf.getAttribute('aria-busy')).toBe('false'));
  expect(document.activeElement).toBe(pdf);
});

test('a long name and web address without spaces wrap within a phone’s 375 px instead of widening the page', async () => {
  const wraps = (element: HTMLElement) => element.closest('[style*="overflow-wrap: anywhere"]') !== null;
  const name = 'SpringSummerAutumnWinterMenuForTheCafeOnTheCornerOfMainStreet2024Edition';
  const url = 'https://example.com/averyveryverylongpathwithoutanyspacesatallthatgoesonandonandonforever';
  const view = codeView('MenuCode01', name, { type: 'url', url });
  signedIn('/admin/my-codes/show/MenuCode01', (path) =>
    path.startsWith('/api/v1/codes/MenuCode01/qr?') ? SVG : path === '/api/v1/codes/MenuCode01' ? reply(200, view) : undefined,
  );
  expect(wraps(await screen.findByRole('heading', { name }))).toBe(true);
  expect(wraps(screen.getByRole('link', { name: url }))).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Delete this code' }));
  expect(wraps(within(await screen.findByRole('dialog')).getByText(name))).toBe(true);
});

test('Copy link on the code screen copies the public link and tells a screen reader it was copied', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    showCode(code({ type: 'url', url: 'https://example.com/menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain('Copied'));
    expect(writeText).toHaveBeenCalledWith('http://localhost/code/MenuCode01');
  } finally {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  }
});
