import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QR_DESIGN_PRESETS, QrDesign } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { qrPreview } from '../../testing/code-view';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

let api: FakeApi;

/** The create screen; `preview` answers the live preview of a design. */
function start(save: (body: unknown) => FakeResponse, preview: (design: QrDesign) => FakeResponse = () => reply(200, qrPreview())) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('editor');
    if (path === '/api/v1/codes/qr-preview') return preview((body as { design: QrDesign }).design);
    if (path === '/api/v1/codes' && method === 'POST') return save(body);
    return undefined;
  });
  renderApp('/admin/create-qr-code');
}

beforeEach(() => localStorage.clear());

test('a frame text the PNG and PDF font cannot draw is named before anyone downloads boxes', async () => {
  start(
    () => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }),
    () => reply(200, qrPreview({ frame_text_not_printed: ['東', '京'] })),
  );

  expect(await screen.findByText('PNG and PDF files will show boxes')).toBeTruthy();
  expect(screen.getByText(/Their fonts have no 東 京 for the frame’s text/)).toBeTruthy();
});

test('a web address the contract refuses is named next to the field, and nothing is sent', async () => {
  start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'javascript:alert(1)' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText('Use a web address starting with http:// or https://.')).toBeTruthy();
  expect(requestsOf(api, 'POST').filter(([path]) => path === '/api/v1/codes')).toEqual([]);
});

test('a web address typed without https:// gets it, on leaving the field and on saving', async () => {
  start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Menu' } });
  const address = screen.getByLabelText('Web address');
  fireEvent.change(address, { target: { value: 'cafe.example/menu?table=4' } });
  fireEvent.blur(address);
  expect((address as HTMLInputElement).value).toBe('https://cafe.example/menu?table=4');
  fireEvent.change(address, { target: { value: ' www.example.com ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(requestsOf(api, 'POST').find(([path]) => path === '/api/v1/codes')?.[1]).toMatchObject({ url: 'https://www.example.com' }));
});

test('a field the server refuses beyond the contract is named next to that field', async () => {
  const message = 'Text cannot hold the character U+0000.';
  start(() =>
    reply(400, {
      title: 'The request has invalid fields',
      code: 'validation_failed',
      detail: `body.name: ${message}`,
      errors: [{ field: 'body.name', message }],
    }),
  );
  const name = await screen.findByRole('textbox', { name: 'Name' });
  fireEvent.change(name, { target: { value: 'Pie\u0000menu' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText(message)).toBeTruthy();
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText('The code was not saved')).toBeNull();
});

test('a design the server would not scan is explained in the designer', async () => {
  start(() =>
    reply(422, { title: 'This design would not scan', code: 'design_unscannable', detail: 'The contrast between the code and its background is too low.' }),
  );
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText('The contrast between the code and its background is too low.')).toBeTruthy();
  await waitFor(() =>
    expect(requestsOf(api, 'POST').find(([path]) => path === '/api/v1/codes')?.[1]).toMatchObject({
      org_id: '0a000000-0000-4000-8000-000000000001',
      name: 'Flyer',
      type: 'url',
      url: 'https://example.com',
    }),
  );
});

test('the preview leads the designer on a phone, and sits beside the controls, in view, on a wide screen', async () => {
  const presetAfterPreview = async () => {
    const preview = await screen.findByRole('img', { name: 'Preview of the QR code' });
    return Boolean(preview.compareDocumentPosition(screen.getByRole('radio', { name: 'Classic' })) & Node.DOCUMENT_POSITION_FOLLOWING);
  };
  start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
  expect(await presetAfterPreview()).toBe(true);
  cleanup();

  const narrow = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: query.startsWith('(min-width') });
  try {
    start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
    expect(await presetAfterPreview()).toBe(false);
    expect(screen.getByRole('img', { name: 'Preview of the QR code' }).closest<HTMLElement>('[style*="sticky"]')).not.toBeNull();
  } finally {
    window.matchMedia = narrow;
  }
});

const LOGO_BLOB = '5f0c1f3e-8a4b-4c1e-9d2a-1b2c3d4e5f60';

/** The create screen with an upload endpoint that accepts the first file and refuses the rest as not an image. */
async function startWithUploads() {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  let uploads = 0;
  api = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('editor');
    if (path === '/api/v1/codes/qr-preview') return reply(200, qrPreview());
    if (path === '/api/v1/uploads?org_id=0a000000-0000-4000-8000-000000000001' && method === 'POST') {
      uploads++;
      return uploads === 1
        ? reply(201, {
            blob_id: LOGO_BLOB,
            url: 'http://localhost/x',
            expires_at: '2026-11-23T12:00:00.000Z',
            width: 64,
            height: 64,
            size: 2048,
            content_type: 'image/png',
          })
        : reply(415, { code: 'unsupported_image_type', detail: 'The file is not a PNG, JPEG, WebP or GIF image.' });
    }
    if (path === '/api/v1/codes' && method === 'POST') return reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' });
    return undefined;
  });
  renderApp('/admin/create-qr-code');
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
}

const logoInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pickLogo = (file: File) => fireEvent.change(logoInput(), { target: { files: [file] } });
const uploadRequests = () => api.mock.calls.filter(([path]) => path.startsWith('/api/v1/uploads'));
const savedDesign = () => (requestsOf(api, 'POST').find(([path]) => path === '/api/v1/codes')?.[1] as { design?: QrDesign } | undefined)?.design;

test('a logo is uploaded to the organization, sized, previewed with it, and saved in the design', async () => {
  await startWithUploads();
  expect(screen.getByText(/PNG, JPEG, WebP or GIF up to 5 MB and 4096 × 4096 px\./)).toBeTruthy();
  expect(logoInput().accept).toBe('image/png,image/jpeg,image/webp,image/gif');

  // Too large to send: refused before any request.
  pickLogo(new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
  expect(await screen.findByText('The image is larger than 5 MB.')).toBeTruthy();
  expect(uploadRequests()).toEqual([]);

  const png = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
  pickLogo(png);
  expect(await screen.findByText('Logo size: 20 % of the code’s width')).toBeTruthy();
  const sent = uploadRequests()[0]?.[1]?.body;
  expect(sent instanceof FormData && sent.get('file')).toBe(png);
  await waitFor(() =>
    expect(
      requestsOf(api, 'POST')
        .filter(([path]) => path === '/api/v1/codes/qr-preview')
        .at(-1)?.[1],
    ).toMatchObject({ org_id: '0a000000-0000-4000-8000-000000000001', design: { logo: { blob_id: LOGO_BLOB } } }),
  );

  const slider = screen.getByRole('slider', { name: 'Logo size' });
  expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['0.1', '0.3']);
  fireEvent.keyDown(slider, { key: 'ArrowRight' });
  expect(await screen.findByText('Logo size: 21 % of the code’s width')).toBeTruthy();

  // The server's reason for refusing a file is shown, and the logo already uploaded stays.
  pickLogo(new File(['<svg onload=alert(1)>'], 'evil.png', { type: 'image/png' }));
  expect(await screen.findByText(/not a PNG, JPEG, WebP or GIF image/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(savedDesign()?.logo).toEqual({ blob_id: LOGO_BLOB, size: 0.21 }));
});

test('a removed logo is left out of the saved design', async () => {
  await startWithUploads();
  pickLogo(new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
  expect(screen.queryByRole('slider', { name: 'Logo size' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Upload a logo' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(savedDesign()).toMatchObject({ logo: null }));
});

test('a business card takes an uploaded photo, saved as the card’s photo_blob_id', async () => {
  const BLOB = '6a1d2e3f-8a4b-4c1e-9d2a-1b2c3d4e5f61';
  const card = {
    code_id: 'AbCdEf1234',
    id: 'AbCdEf1234',
    org_id: '0a000000-0000-4000-8000-000000000001',
    name: 'Ada card',
    type: 'vcard',
    status: 'active',
    first_name: 'Ada',
    design: { ...QrDesign.parse({}) },
    width: QrDesign.parse({}).width,
    height: QrDesign.parse({}).height,
    base_code_id: null,
    folder_id: null,
    public_link: 'x',
    qr_url: 'y',
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    scan_count: 0,
  };
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('editor');
    if (path === '/api/v1/codes/qr-preview') return reply(200, qrPreview());
    if (path === '/api/v1/uploads?org_id=0a000000-0000-4000-8000-000000000001' && method === 'POST')
      return reply(201, {
        blob_id: BLOB,
        url: 'http://localhost/x',
        expires_at: '2026-11-23T12:00:00.000Z',
        width: 64,
        height: 64,
        size: 2048,
        content_type: 'image/png',
      });
    if (path === '/api/v1/codes/AbCdEf1234' && method === 'GET') return reply(200, card);
    if (path === '/api/v1/codes/AbCdEf1234' && method === 'PUT') return reply(200, { ...card, ...(body as object) });
    return undefined;
  });
  renderApp('/admin/my-codes/edit/AbCdEf1234');
  await screen.findByDisplayValue('Ada');
  const photoInput = document.querySelectorAll('input[type="file"]')[0] as HTMLInputElement;
  fireEvent.change(photoInput, { target: { files: [new File([new Uint8Array(10)], 'me.png', { type: 'image/png' })] } });
  expect(await screen.findByRole('button', { name: 'Remove photo' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(requestsOf(api, 'PUT')[0]?.[1]).toMatchObject({ type: 'vcard', first_name: 'Ada', photo_blob_id: BLOB }));
});

/** The create screen with a name and web address filled in, so only the design decides what happens. */
async function startFilledIn() {
  start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
}

const previewedDesigns = () =>
  requestsOf(api, 'POST')
    .filter(([path]) => path === '/api/v1/codes/qr-preview')
    .map(([, body]) => (body as { design: QrDesign }).design);
const addFrame = () => fireEvent.click(screen.getByRole('switch', { name: 'Frame with a call to action' }));
/** Types into a field and leaves it, as a person does before pressing the next control. */
const typeAndLeave = (label: string, value: string) => {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input.value;
};

test('the frame’s text colour is chosen beside its colour, with a warning while the call to action would not stand out', async () => {
  await startFilledIn();
  addFrame();
  expect((screen.getByLabelText('Text colour') as HTMLInputElement).value).toBe('#ffffff');
  expect(screen.queryByText(/hard to read on this frame colour/)).toBeNull();

  typeAndLeave('Frame colour', '#ffeb3b');
  expect(screen.getByText(/The call to action is hard to read on this frame colour: its contrast is 1\.2:1/)).toBeTruthy();
  typeAndLeave('Text colour', '#1a2b3c');
  expect(screen.queryByText(/hard to read on this frame colour/)).toBeNull();
  await waitFor(() => expect(previewedDesigns().at(-1)?.frame).toMatchObject({ colour: '#ffeb3b', text_colour: '#1a2b3c' }));

  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(savedDesign()?.frame).toMatchObject({ colour: '#ffeb3b', text_colour: '#1a2b3c' }));
});

test('the frame text says how many of its 30 characters are used', async () => {
  await startFilledIn();
  addFrame();
  expect(screen.getByText('7 of 30 characters')).toBeTruthy();
  const text = screen.getByLabelText('Frame text');
  fireEvent.change(text, { target: { value: 'Scan for today’s menu' } });
  expect(screen.getByText('21 of 30 characters')).toBeTruthy();
  expect(text.getAttribute('maxlength')).toBe('30');
  // The contract's refusal of an empty call to action is said on the field, which a refused submit then focuses.
  fireEvent.change(text, { target: { value: ' ' } });
  expect(text.getAttribute('aria-invalid')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(document.activeElement).toBe(text);
});

test('every colour field keeps #rrggbb, widens #rgb and puts anything else back when left, so only valid colours are previewed and saved', async () => {
  await startFilledIn();
  // A preset's colours show in the fields at once.
  fireEvent.click(screen.getByRole('radio', { name: 'Berry' }));
  expect([(screen.getByLabelText('Code colour') as HTMLInputElement).value, (screen.getByLabelText('Eye colour') as HTMLInputElement).value]).toEqual([
    '#5b1a6e',
    '#c2185b',
  ]);
  addFrame();
  for (const label of ['Code colour', 'Eye colour', 'Frame colour', 'Text colour']) {
    const before = (screen.getByLabelText(label) as HTMLInputElement).value;
    expect([label, typeAndLeave(label, '#ffff')]).toEqual([label, before]);
    expect([label, typeAndLeave(label, '#1A2')]).toEqual([label, '#11aa22']);
  }
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() =>
    expect(savedDesign()).toMatchObject({ foreground: '#11aa22', eye_colour: '#11aa22', frame: { colour: '#11aa22', text_colour: '#11aa22' } }),
  );
  expect(previewedDesigns().filter((design) => !QrDesign.safeParse(design).success)).toEqual([]);
});

test('a preview the server cannot draw says why, instead of the last design’s image and “Scans fine.”', async () => {
  const message = 'Use printable characters only: no control characters.';
  start(
    () => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }),
    (design) =>
      design.frame
        ? reply(400, {
            title: 'The request has invalid fields',
            code: 'validation_failed',
            detail: 'One field is refused.',
            errors: [{ field: 'body.design.frame.text', message }],
          })
        : reply(200, qrPreview()),
  );
  expect(await screen.findByText('Scans fine.')).toBeTruthy();
  addFrame();
  expect(await screen.findByText('The preview could not be drawn')).toBeTruthy();
  expect(screen.getByText(`One field is refused. ${message}`)).toBeTruthy();
  expect(screen.queryByText('Scans fine.')).toBeNull();
  expect(screen.queryByRole('img', { name: 'Preview of the QR code' })).toBeNull();
});

test('a refused submit takes the person to the first field to put right', async () => {
  start(() => reply(201, { code_id: 'AbCdEf1234', public_link: 'x', qr_url: 'y' }));
  const name = await screen.findByRole('textbox', { name: 'Name' });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(document.activeElement).toBe(name);

  fireEvent.change(name, { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'javascript:alert(1)' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(document.activeElement).toBe(screen.getByLabelText('Web address'));
});

test('a square code has one size, saved as its width and height; out of range it is brought into 128–4096 px when left', async () => {
  await startFilledIn();
  expect(screen.queryByLabelText('Width (px)')).toBeNull();
  expect(screen.queryByLabelText('Height (px)')).toBeNull();
  expect(typeAndLeave('Size (px)', '0')).toBe('128');
  expect(typeAndLeave('Size (px)', '5000')).toBe('4096');
  expect(typeAndLeave('Size (px)', '')).toBe('4096');
  expect(typeAndLeave('Size (px)', '640')).toBe('640');
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(savedDesign()).toMatchObject({ width: 640, height: 640 }));
});

test('the presets are pictures of themselves, named, picked with the keyboard, and the chosen one is marked', async () => {
  await startFilledIn();
  const group = screen.getByRole('radiogroup', { name: 'Start from a preset' });
  const classic = within(group).getByRole('radio', { name: 'Classic' });
  expect(
    within(group)
      .getAllByRole('radio')
      .map((radio) => radio.textContent),
  ).toEqual(QR_DESIGN_PRESETS.map((preset) => preset.label));
  // Each is drawn by the server's renderer, as the live preview is.
  await waitFor(() => expect(group.querySelectorAll('img[src^="data:image/svg+xml"]')).toHaveLength(QR_DESIGN_PRESETS.length));
  expect(previewedDesigns()).toEqual(expect.arrayContaining(QR_DESIGN_PRESETS.map((preset) => preset.design)));
  expect(classic.getAttribute('aria-checked')).toBe('true');

  classic.focus();
  fireEvent.keyDown(classic, { key: 'ArrowRight', code: 'ArrowRight' });
  const rounded = within(group).getByRole('radio', { name: 'Rounded navy' });
  expect(document.activeElement).toBe(rounded);
  expect([rounded.getAttribute('aria-checked'), classic.getAttribute('aria-checked')]).toEqual(['true', 'false']);
  expect((screen.getByLabelText('Code colour') as HTMLInputElement).value).toBe('#1b2a4a');

  // Changed by hand, the design is no preset any more.
  typeAndLeave('Code colour', '#123456');
  expect(within(group).queryByRole('radio', { checked: true })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  await waitFor(() => expect(savedDesign()).toMatchObject({ foreground: '#123456', module_shape: 'rounded', eye_style: 'rounded' }));
});

test('a refused design’s red box goes as soon as the design is changed, not at the next submit', async () => {
  start(() =>
    reply(422, { title: 'This design would not scan', code: 'design_unscannable', detail: 'The contrast between the code and its background is too low.' }),
  );
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText('This design would not scan')).toBeTruthy();

  typeAndLeave('Code colour', '#000000');
  typeAndLeave('Background', '#fefefe');
  expect(screen.queryByText('This design would not scan')).toBeNull();
  expect(screen.queryByText('The contrast between the code and its background is too low.')).toBeNull();
});

test('with a logo the error correction shows High, the level the code is drawn at, and cannot be changed', async () => {
  await startWithUploads();
  const level = screen.getByRole('combobox', { name: 'Error correction' }) as HTMLInputElement;
  expect([level.value, level.disabled]).toEqual(['Medium (15 %)', false]);

  pickLogo(new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
  await screen.findByRole('button', { name: 'Remove logo' });
  expect([level.value, level.disabled]).toEqual(['High (30 %)', true]);
  expect(screen.getByText('A logo needs the highest error correction, so the code still scans.')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
  expect([level.value, level.disabled]).toEqual(['Medium (15 %)', false]);
});
