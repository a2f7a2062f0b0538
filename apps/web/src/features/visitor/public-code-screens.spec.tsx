import { fireEvent, screen } from '@testing-library/react';
import sharp from 'sharp';
import { pixelsOf, QR_DECODERS, readQrWith } from '@qr/qr-render';
import { transmissionOf, utf8EciTransmission } from '@qr/qr-render/testing';
import { installFakeApi, reply } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { NEUTRAL_VISITOR_THEME } from './visitor-frame';

const ID = 'AbCdEf1234';

/** The drawn SVG as a phone's camera would see it, read by each decoder, and how a scanner receives it. */
async function readDrawnCode(image: HTMLElement) {
  const src = image.getAttribute('src')!;
  const png = await sharp(Buffer.from(decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))))
    .resize(400)
    .png()
    .toBuffer();
  const pixels = await pixelsOf(png);
  const read = Object.fromEntries(await Promise.all(QR_DECODERS.map(async (decoder) => [decoder, await readQrWith(decoder, pixels)])));
  return { read, transmitted: await transmissionOf(png) };
}
const OWNER = { name: 'Walk Café', logo: null, theme: NEUTRAL_VISITOR_THEME };
const serve = (code: object | null) =>
  installFakeApi((path) =>
    path === `/api/v1/public/codes/${ID}` ? (code ? reply(200, { code_id: ID, status: 'active', owner: OWNER, ...code }) : undefined) : undefined,
  );

test('a business card shows the person and offers the .vcf to add to contacts', async () => {
  const photo_url = 'http://localhost/api/v1/blobs/5f0c1f3e-8a4b-4c1e-9d2a-1b2c3d4e5f60?sig=x';
  serve({
    type: 'vcard',
    first_name: 'Ada',
    last_name: 'Lovelace',
    organization: 'Engines',
    email: 'ada@example.com',
    website: 'javascript:alert(1)',
    photo_url,
  });
  renderApp(`/card/${ID}`);
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' }).getAttribute('src')).toBe(photo_url);
  expect(screen.getByRole('link', { name: 'Add to contacts' }).getAttribute('href')).toBe(`/api/v1/public/codes/${ID}/vcard`);
  expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
  // Only web addresses become links.
  expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
});

test('a Wi-Fi code shows the network and its password, and a note its text as text', async () => {
  serve({ type: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA', hidden: false });
  const { unmount } = renderApp(`/code/${ID}`);
  expect(await screen.findByRole('heading', { name: 'Wi-Fi: Cafe' })).toBeTruthy();
  expect(screen.getByText('espresso42')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copy password' })).toBeTruthy();
  expect(screen.getByText('To join, open Wi-Fi in your phone’s settings and choose Cafe, then paste the password.')).toBeTruthy();
  // A second phone joins from a code of the network itself, drawn when asked.
  expect(screen.queryByRole('img', { name: 'Code to join Cafe' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show a code for another phone' }));
  const joinCode = await screen.findByRole('img', { name: 'Code to join Cafe' });
  expect(joinCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  const joinText = 'WIFI:T:WPA;S:Cafe;P:espresso42;;';
  expect(await readDrawnCode(joinCode)).toEqual({ read: { zxing: [joinText], zbar: [joinText] }, transmitted: `]Q1${joinText}` });
  expect(screen.getByText('Another phone’s camera offers to join Cafe from this code.')).toBeTruthy();
  unmount();

  serve({ type: 'wifi', ssid: 'Back office', encryption: 'nopass', hidden: true });
  const hidden = renderApp(`/code/${ID}`);
  expect(await screen.findByText('To join, open Wi-Fi in your phone’s settings, choose “Other network” and type Back office.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Copy password' })).toBeNull();
  hidden.unmount();

  serve({ type: 'note', title: 'Closed', text: 'Back at <b>3</b>' });
  renderApp(`/code/note/${ID}`);
  expect(await screen.findByRole('heading', { name: 'Closed' })).toBeTruthy();
  expect(screen.getByText('Back at <b>3</b>')).toBeTruthy();
});

test('the code for another phone carries a network named with accents or emoji exactly, so every phone joins that network', async () => {
  const ssid = 'Café Terrasse \u{1F44D}\u{1F3FD}';
  serve({ type: 'wifi', ssid, password: 'crème brûlée', encryption: 'WPA', hidden: false });
  renderApp(`/code/${ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Show a code for another phone' }));
  const joinText = `WIFI:T:WPA;S:${ssid};P:crème brûlée;;`;
  expect(await readDrawnCode(await screen.findByRole('img', { name: `Code to join ${ssid}` }))).toEqual({
    read: { zxing: [joinText], zbar: [joinText] },
    transmitted: utf8EciTransmission(joinText),
  });
});

test('a text message, an email, a call and a plain text say what they do, and to whom', async () => {
  const page = async (code: object, heading: string | null) => {
    serve(code);
    const view = renderApp(`/code/${ID}`);
    if (heading) await screen.findByRole('heading', { name: heading });
    return view;
  };
  let view = await page({ type: 'sms', phone: '+1 555 010 1234', message: 'JOIN' }, 'Send a text message');
  expect(screen.getByText('To: +1 555 010 1234')).toBeTruthy();
  expect(screen.getByText('JOIN')).toBeTruthy();
  // iOS reads `&body=`, Android the query: `?&body=` fills in the text on both.
  expect(screen.getByRole('link', { name: 'Send the text message' }).getAttribute('href')).toBe('sms:+15550101234?&body=JOIN');
  view.unmount();

  view = await page({ type: 'sms', phone: '+1 555 010 1234', message: 'WIN & 50% off?\nReply now' }, 'Send a text message');
  expect(screen.getByRole('link', { name: 'Send the text message' }).getAttribute('href')).toBe(
    'sms:+15550101234?&body=WIN%20%26%2050%25%20off%3F%0AReply%20now',
  );
  view.unmount();

  view = await page({ type: 'sms', phone: '+1 555 010 1234' }, 'Send a text message');
  expect(screen.getByRole('link', { name: 'Send the text message' }).getAttribute('href')).toBe('sms:+15550101234');
  view.unmount();

  view = await page({ type: 'email', to: 'hi@example.com', subject: 'Table 4', body: 'More bread, please' }, 'Write an email');
  expect(screen.getByText('Subject: Table 4')).toBeTruthy();
  expect(screen.getByText('More bread, please')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Write the email' }).getAttribute('href')).toBe(
    'mailto:hi@example.com?subject=Table%204&body=More%20bread%2C%20please',
  );
  view.unmount();

  view = await page({ type: 'phone', phone: '+1 555 010 1234' }, 'Call +1 555 010 1234');
  expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+15550101234');
  view.unmount();

  await page({ type: 'text', text: 'Wash your hands' }, null);
  expect(await screen.findByText('Wash your hands')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copy the text' })).toBeTruthy();
});

test('a long password, note or email address wraps within a phone’s 375 px instead of running off the screen', async () => {
  const wraps = (element: HTMLElement) => element.closest('[style*="overflow-wrap: anywhere"]') !== null;
  const password = 'CorrectHorseBatteryStaple-CorrectHorseBatteryStaple-2024';
  serve({ type: 'wifi', ssid: 'Cafe', password, encryption: 'WPA', hidden: false });
  let view = renderApp(`/code/${ID}`);
  expect(wraps(await screen.findByText(password))).toBe(true);
  view.unmount();

  const link = 'https://example.com/opening-hours-and-directions-to-the-back-entrance';
  serve({ type: 'note', text: link });
  view = renderApp(`/code/note/${ID}`);
  expect(wraps(await screen.findByText(link))).toBe(true);
  view.unmount();

  const email = 'jose.mueller.with.a.long.address@engines-example-company.com';
  serve({ type: 'vcard', first_name: 'José', email });
  renderApp(`/card/${ID}`);
  expect(wraps(await screen.findByRole('link', { name: email }))).toBe(true);
});

test('every visitor page names the organization behind the code, with its logo when it has one', async () => {
  serve({ type: 'text', text: 'Wash your hands', owner: { ...OWNER, logo: 'https://cdn.example.com/walk.png' } });
  const { unmount, container } = renderApp(`/code/${ID}`);
  expect(await screen.findByText('Wash your hands')).toBeTruthy();
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(container.querySelector('img[src="https://cdn.example.com/walk.png"]')).toBeTruthy();
  unmount();

  serve({ type: 'text', status: 'paused' });
  renderApp(`/code/${ID}`);
  expect(await screen.findByRole('heading', { name: 'This code is paused' })).toBeTruthy();
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(screen.getByText('Walk Café has paused it for now. Please try again later.')).toBeTruthy();
});

test('a paused code and an unknown code each say so plainly', async () => {
  serve({ type: 'text', status: 'paused' });
  const { unmount } = renderApp(`/code/${ID}`);
  expect(await screen.findByRole('heading', { name: 'This code is paused' })).toBeTruthy();
  unmount();
  serve(null);
  renderApp(`/code/${ID}`);
  expect(await screen.findByRole('heading', { name: 'This code is not available' })).toBeTruthy();
});

test('the share page shows an active code to scan from the screen, a paused one without its picture, and says when there is no code to share', async () => {
  serve({ type: 'text', text: 'hi' });
  let view = renderApp(`/share?code=${ID}`);
  expect(await screen.findByRole('heading', { name: 'Share this code' })).toBeTruthy();
  const image = screen.getByRole('img', { name: 'The QR code' });
  expect(image.getAttribute('src')).toBe(`/api/v1/public/codes/${ID}/qr`);
  expect(screen.getByText('Show this screen to scan it with another phone.')).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe(`http://localhost/code/${ID}`);
  // An image that fails to load anyway is left out.
  fireEvent.error(image);
  expect(screen.queryByRole('img', { name: 'The QR code' })).toBeNull();
  view.unmount();

  serve({ type: 'text', status: 'paused' });
  view = renderApp(`/share?code=${ID}`);
  expect(await screen.findByText('Walk Café has paused this code for now: whoever opens the link is told so until it is resumed.')).toBeTruthy();
  expect(screen.queryByRole('img', { name: 'The QR code' })).toBeNull();
  expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe(`http://localhost/code/${ID}`);
  view.unmount();

  serve(null);
  view = renderApp(`/share?code=${ID}`);
  expect(await screen.findByText('This code cannot be shared: it may have been taken down, or the address is not complete.')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Link' })).toBeNull();
  view.unmount();
});
