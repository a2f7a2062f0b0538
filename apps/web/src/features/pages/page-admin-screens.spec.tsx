import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PAGE_BLOCKS, DEFAULT_PAGE_THEME, DEFAULT_REGISTRATION_FORM, type PageView } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { backToAPhone, onALaptop } from '../../testing/viewport';
import { ORGANIZATION_STORE_KEY } from '../organization';

const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
const PICTURE_ID = '0c000000-0000-4000-8000-00000000000a';
const PICTURE_URL = 'https://files.example/picture.png?sig=1';
const page: PageView = {
  page_id: PAGE_ID,
  code_id: 'AbCdEf1234',
  org_id: '0a000000-0000-4000-8000-000000000001',
  title: 'Welcome',
  vanity_name: null,
  blocks: [...DEFAULT_PAGE_BLOCKS],
  form: [...DEFAULT_REGISTRATION_FORM],
  success_message: 'Your details are in.',
  success_button: null,
  theme: DEFAULT_PAGE_THEME,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};
let api: FakeApi;

function start(path: string, { shown = page, saved }: { shown?: PageView; saved?: (body: object) => FakeResponse | undefined } = {}) {
  let current = shown;
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations('editor');
    if (url === `/api/v1/pages/${PAGE_ID}` && method === 'GET') return reply(200, current);
    if (url === `/api/v1/pages/${PAGE_ID}` && method === 'PUT') {
      const answer = saved?.(body as object) ?? reply(200, { ...current, ...(body as object) });
      if (answer.ok) current = { ...current, ...(body as object) };
      return answer;
    }
    if (url === `/api/v1/uploads/${PICTURE_ID}/url?org_id=0a000000-0000-4000-8000-000000000001`) {
      return reply(200, { url: PICTURE_URL, expires_at: '2026-11-23T11:00:00.000Z' });
    }
    if (url.startsWith(`/api/v1/pages/${PAGE_ID}/submissions`)) {
      return reply(200, {
        items: [
          {
            submission_id: '0d000000-0000-4000-8000-000000000001',
            page_id: PAGE_ID,
            code_id: 'AbCdEf1234',
            answers: { first_name: 'Ada', email: 'ada@example.com' },
            submitted_at: '2026-11-23T11:00:00.000Z',
          },
        ],
        page: 1,
        per_page: 20,
        total: 1,
      });
    }
    if (url === '/api/v1/codes/names?org_id=0a000000-0000-4000-8000-000000000001')
      return reply(200, [{ code_id: 'AbCdEf1234', id: 'AbCdEf1234', name: 'Badge desk' }]);
    if (url === '/api/v1/pages' && method === 'POST') return reply(201, { page_id: PAGE_ID, public_link: `/page/${PAGE_ID}` });
    return undefined;
  });
  return renderApp(path);
}

const saveBar = () => screen.getByRole('region', { name: 'Save the page' });
const savedBody = () => requestsOf(api, 'PUT')[0]![1] as PageView;

beforeEach(() => localStorage.clear());
afterEach(backToAPhone);

describe('on a laptop, with the preview beside the editor', () => {
  beforeEach(onALaptop);

  test('staff edit the page with a live phone preview, add a question, and save the whole page', async () => {
    start(`/admin/update-page/${PAGE_ID}`);
    const title = await screen.findByDisplayValue('welcome to the club');
    const preview = screen.getByRole('region', { name: 'Page preview' });
    expect(within(preview).getByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Doors at 7' } });
    expect(within(preview).getByRole('heading', { name: 'Doors at 7' })).toBeTruthy();
    // The consent text is the visitor's own markup, not a frame.
    expect(within(preview).getByText(/By submitting this form you agree/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(within(preview).getByLabelText('New question')).toBeTruthy();
    // The start of the form's first step can be neither removed nor moved.
    expect(screen.queryByRole('button', { name: 'Remove step 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move step 1' })).toBeNull();

    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect(savedBody().blocks[0]).toMatchObject({ title: 'Doors at 7' });
    expect(savedBody().form.map((input) => input.name)).toEqual(['page', 'first_name', 'last_name', 'email', 'phone', 'question1']);
  });

  test('the save’s outcome is said beside the Save button: unsaved, saved, or why not', async () => {
    let refuse = true;
    start(`/admin/update-page/${PAGE_ID}`, {
      saved: () => (refuse ? reply(422, { title: 'The page was not saved', code: 'validation_failed', detail: 'Give the page a title.' }) : undefined),
    });
    fireEvent.change(await screen.findByLabelText('Page title'), { target: { value: 'Autumn fair' } });
    expect(within(saveBar()).getByRole('status').textContent).toBe('Unsaved changes');

    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(within(saveBar()).getByRole('status').textContent).toBe('Not saved: Give the page a title.'));

    refuse = false;
    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(within(saveBar()).getByRole('status').textContent).toBe('Saved. Visitors see the new version now.'));
    expect(savedBody().title).toBe('Autumn fair');
  });

  test('leaving with unsaved changes asks first, and closing the tab is held up too', async () => {
    const { router } = start(`/admin/update-page/${PAGE_ID}`);
    const title = await screen.findByLabelText('Page title');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(title, { target: { value: 'Autumn fair' } });
    expect(unload()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'All pages of this code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/admin/update-page/${PAGE_ID}`);
    expect(screen.getByDisplayValue('Autumn fair')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'All pages of this code' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages/AbCdEf1234'));
  });

  test('an image block shows its picture in the editor and in the preview', async () => {
    start(`/admin/update-page/${PAGE_ID}`, { shown: { ...page, blocks: [{ kind: 'image', blob_id: PICTURE_ID, alt: 'The stage' }, ...page.blocks] } });
    const preview = await screen.findByRole('region', { name: 'Page preview' });
    expect(((await within(preview).findByRole('img', { name: 'The stage' })) as HTMLImageElement).src).toBe(PICTURE_URL);
    const thumbnails = Array.from(document.querySelectorAll<HTMLImageElement>('img')).filter((img) => img.src === PICTURE_URL && !preview.contains(img));
    expect(thumbnails).toHaveLength(1);
  });

  test('staff add a promo code block, name its title and button, see it in the preview, and save it', async () => {
    start(`/admin/update-page/${PAGE_ID}`);
    await screen.findByDisplayValue('welcome to the club');
    fireEvent.click(screen.getByRole('button', { name: 'Add block' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Promo code' }));
    const block = screen.getByRole('button', { name: 'Remove promo code “Have a promo code?”' }).closest('.mantine-Paper-root') as HTMLElement;
    fireEvent.change(within(block).getByLabelText(/^Title/), { target: { value: 'Got a voucher?' } });
    fireEvent.change(within(block).getByLabelText('Button text'), { target: { value: 'Use it' } });
    const preview = screen.getByRole('region', { name: 'Page preview' });
    expect(within(preview).getByRole('heading', { name: 'Got a voucher?' })).toBeTruthy();
    fireEvent.change(within(preview).getByLabelText('Promo code'), { target: { value: 'SUMMER24' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Use it' }));
    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect(savedBody().blocks.at(-1)).toEqual({ kind: 'promo', title: 'Got a voucher?', button_label: 'Use it' });
    // The preview asks and sends nothing.
    expect(api.mock.calls.map(([path]) => path).filter((path) => path.includes('promos'))).toEqual([]);
  });

  test('the thank-you screen can offer a button, saved with the page', async () => {
    start(`/admin/update-page/${PAGE_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Button after submitting/ }));
    fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'See the programme' } });
    fireEvent.change(screen.getByLabelText('Button link (https://…)'), { target: { value: 'https://fair.example/programme' } });
    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect(savedBody().success_button).toEqual({ label: 'See the programme', url: 'https://fair.example/programme' });
  });
});

/**
 * jsdom lays nothing out, and the keyboard moves an item to the next one below it on screen: every
 * element is given a box that follows document order, so the list's items stand one under another.
 */
function layOutInDocumentOrder() {
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = Array.prototype.indexOf.call(document.querySelectorAll('*'), this) * 10;
    return { x: 0, y: top, top, left: 0, width: 300, height: 5, right: 300, bottom: top + 5, toJSON: () => ({}) };
  });
}

const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

test('staff move a block from the keyboard, and hear each step in plain words', async () => {
  const layout = layOutInDocumentOrder();
  try {
    start(`/admin/update-page/${PAGE_ID}`);
    const handle = await screen.findByRole('button', { name: 'Move heading “welcome to the club”' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await pause();
    expect(screen.getByText(/Picked up heading “welcome to the club”, in position 1 of 3/)).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { code: 'ArrowDown', key: 'ArrowDown' });
    await pause();
    fireEvent.keyDown(document.activeElement!, { code: 'Space', key: ' ' });
    await pause();
    expect(screen.getByText('Dropped heading “welcome to the club” in position 2 of 3.')).toBeTruthy();
    const moves = screen.getAllByRole('button', { name: /^Move (heading|registration form|rich text)/ }).map((button) => button.getAttribute('aria-label'));
    expect(moves).toEqual(['Move registration form', 'Move heading “welcome to the club”', 'Move rich text']);

    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect(savedBody().blocks.map((block) => block.kind)).toEqual(['form', 'heading', 'text']);
  } finally {
    layout.mockRestore();
  }
});

test('a question moves up the form from the keyboard, but never above the form’s first step', async () => {
  const layout = layOutInDocumentOrder();
  try {
    start(`/admin/update-page/${PAGE_ID}`);
    const handle = await screen.findByRole('button', { name: 'Move Email' });
    handle.focus();
    for (const code of ['Space', 'ArrowUp', 'Space']) {
      fireEvent.keyDown(document.activeElement!, { code });
      await pause();
    }
    // The first step's start is not in the list: the top a question can reach is just below it.
    const firstName = screen.getByRole('button', { name: 'Move First name' });
    firstName.focus();
    for (const code of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      fireEvent.keyDown(document.activeElement!, { code });
      await pause();
    }
    fireEvent.click(within(saveBar()).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect(savedBody().form.map((input) => input.name)).toEqual(['page', 'first_name', 'email', 'last_name', 'phone']);
  } finally {
    layout.mockRestore();
  }
});

test('the form editor shows each question by the label visitors see, in a marketer’s words', async () => {
  start(`/admin/update-page/${PAGE_ID}`);
  const form = await screen.findByRole('region', { name: 'Form' });
  for (const label of ['First name', 'Last name', 'Email', 'Phone']) expect(within(form).getByText(label, { selector: 'p' })).toBeTruthy();
  expect(within(form).getByText('Step 1 starts here')).toBeTruthy();
  expect(within(form).getAllByText('Left empty, visitors see “First name”.')).toHaveLength(1);
  expect(within(form).queryByText(/answer’s key/)).toBeNull();
  expect(within(form).queryByText(/Page1/)).toBeNull();
  // The key an answer is stored under is there for integrations, folded away.
  expect(within(form).getByDisplayValue('first_name').closest('details')?.open).toBe(false);
});

test('on a phone the preview is one switch away, and its inputs ask for the right keyboard and autofill', async () => {
  start(`/admin/update-page/${PAGE_ID}`);
  await screen.findByDisplayValue('welcome to the club');
  const preview = screen.getByLabelText('Page preview');
  expect(within(preview).queryByRole('heading', { name: 'welcome to the club' })).toBeNull();
  fireEvent.click(screen.getByRole('radio', { name: 'Preview' }));
  expect(within(preview).getByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Content' })).toBeNull();

  const email = within(preview).getByLabelText(/^Email/) as HTMLInputElement;
  expect([email.type, email.inputMode, email.autocomplete]).toEqual(['email', 'email', 'email']);
  const phone = within(preview).getByLabelText(/^Phone/) as HTMLInputElement;
  expect([phone.type, phone.inputMode, phone.autocomplete]).toEqual(['tel', 'tel', 'tel']);
  expect((within(preview).getByLabelText(/^First name/) as HTMLInputElement).autocomplete).toBe('given-name');
  expect((within(preview).getByLabelText(/^Last name/) as HTMLInputElement).autocomplete).toBe('family-name');
});

test('staff read a page’s submissions, with a column per input', async () => {
  start(`/admin/update-page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('tab', { name: 'Submissions' }));
  expect(await screen.findByText('ada@example.com')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'First name' })).toBeTruthy();
});

test('a new page starts from a chosen code and opens in the editor', async () => {
  start('/admin/add-new-page');
  await screen.findByRole('option', { name: 'Badge desk' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
  expect(await screen.findByDisplayValue('welcome to the club')).toBeTruthy();
  expect(requestsOf(api, 'POST').find(([url]) => url === '/api/v1/pages')?.[1]).toEqual({ code_id: 'AbCdEf1234' });
});
