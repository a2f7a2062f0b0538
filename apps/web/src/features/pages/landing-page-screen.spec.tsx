import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_PAGE_BLOCKS,
  DEFAULT_REGISTRATION_FORM,
  DEFAULT_THEME_STYLE,
  PROMO_REFUSAL_TEXTS,
  type PublicPageView,
  type VisitorTheme,
} from '@qr/contracts';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { VisitorProviders } from '../../app/visitor-providers';
import { renderLandingPage } from '../../landing-page-server';
import { installFakeApi as installFakeApiAnsweringEverything, reply, requestsOf, type FakeResponse } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { LandingPageScreen } from './landing-page-screen';
import { lookupOfPath, publicPageAddress } from './public-page-api';
import { sentForms } from '../../api/sent-forms';
import { readServedPage } from './served-page';

const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
const CHECK_LOCATION = '/api/v1/public/event-data/check-location';
const VALIDATE = '/api/v1/public/event-data/validate';

/** The visitor API for pages without event data: the guard's location check lets everyone in, as the server answers for them. */
const installFakeApi = (answer: (path: string, method: string, body: unknown) => FakeResponse | undefined) =>
  installFakeApiAnsweringEverything((path, method, body) => (path === CHECK_LOCATION ? reply(200, true) : answer(path, method, body)));
const submissionsOf = (api: ReturnType<typeof installFakeApi>) => requestsOf(api, 'POST').filter(([path]) => path.endsWith('/submissions'));
const THEME: VisitorTheme = { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } };
const page = {
  page_id: PAGE_ID,
  code_id: 'AbCdEf1234',
  title: 'Welcome',
  blocks: [
    ...DEFAULT_PAGE_BLOCKS,
    { kind: 'text', html: '<p>Doors open at <strong>7</strong></p>' },
    { kind: 'button', label: 'Programme', url: 'javascript:alert(1)' },
  ],
  form: [...DEFAULT_REGISTRATION_FORM],
  success_message: 'See you at the door!',
  success_button: { label: 'See the programme', url: 'https://conference.example/programme' },
  owner: { name: 'Conference Co', logo: null, theme: THEME },
  theme: THEME,
  vanity_name: null,
  image_urls: {},
} satisfies PublicPageView;

test('a visitor sees the page, is told what is wrong next to each input, fixes it and sees the success message', async () => {
  const api = installFakeApi((path, method, body) => {
    if (path === `/api/v1/public/pages/${PAGE_ID}` && method === 'GET') return reply(200, page);
    if (path === `/api/v1/public/pages/${PAGE_ID}/submissions` && method === 'POST') {
      const { answers } = body as { answers: Record<string, string> };
      return answers['email']?.includes('@')
        ? reply(204)
        : reply(400, { code: 'validation_failed', errors: [{ field: 'body.answers.email', message: 'Enter an email address such as name@example.com.' }] });
    }
    return undefined;
  });
  renderApp(`/page/${PAGE_ID}`);
  expect(await screen.findByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
  expect(screen.getByText('enjoy your time here at our conference')).toBeTruthy();
  // Whoever asks for the visitor's details says who they are.
  expect(screen.getByText('Conference Co')).toBeTruthy();
  expect(screen.getByText('7').tagName).toBe('STRONG');
  // Only web addresses become links.
  expect(screen.queryByRole('link', { name: 'Programme' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please fill in first name.')).toBeTruthy();
  expect(submissionsOf(api)).toEqual([]);

  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/First name/, 'Ada');
  type(/Last name/, 'Lovelace');
  type(/Email/, 'ada at example');
  type(/Phone/, '555 555 5555');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Enter an email address such as name@example.com.')).toBeTruthy();

  type(/Email/, 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('See you at the door!')).toBeTruthy();
  // The thank-you screen keeps the brand and offers the page's next step.
  expect(screen.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
  expect(screen.getByText('Conference Co')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'See the programme' }).getAttribute('href')).toBe('https://conference.example/programme');
  expect(document.body.textContent).not.toContain('QR Platform');
  const [first, second] = submissionsOf(api).map(([, body]) => body as { submission_id: string; answers: object });
  // The retry after fixing the email is the same submission, so a doubled send is recorded once.
  expect(second!.submission_id).toBe(first!.submission_id);
  expect(second!.answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '555 555 5555' });
  // A loyalty card on this phone earns by the sent form when it opens.
  expect(sentForms().map((form) => form.submission_id)).toEqual([second!.submission_id]);
});

test('a form with page markers is filled step by step', async () => {
  const stepped = {
    ...page,
    form: [
      ...DEFAULT_REGISTRATION_FORM.slice(0, 2),
      { name: 'page2', input_display_name: 'Page2', placeholder_text: '', required: false, input_type: 'page' },
      { name: 'size', input_display_name: 'T-shirt size', placeholder_text: '', required: true, input_type: 'select', options: ['S', 'M'] },
    ],
  };
  installFakeApi((path, method) =>
    method === 'GET' && path === `/api/v1/public/pages/${PAGE_ID}` ? reply(200, stepped) : method === 'POST' ? reply(204) : undefined,
  );
  renderApp(`/page/${PAGE_ID}`);
  expect(await screen.findByText('Step 1 of 2')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/T-shirt size/), { target: { value: 'M' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(screen.getByText('See you at the door!')).toBeTruthy());
});

test('a paused page, a page not built yet and an unknown page each say so plainly', async () => {
  installFakeApi(() => reply(409, { code: 'page_paused', detail: 'Conference Co has paused this page for now. Please try again later.' }));
  let view = renderApp(`/page/${PAGE_ID}`);
  expect(await screen.findByRole('heading', { name: 'This page is paused' })).toBeTruthy();
  expect(screen.getByText('Conference Co has paused this page for now. Please try again later.')).toBeTruthy();
  view.unmount();
  installFakeApi(() => reply(404, { code: 'page_not_built', detail: 'Conference Co has not put this page up yet. Please try again later.' }));
  view = renderApp(`/page/${PAGE_ID}`);
  expect(await screen.findByRole('heading', { name: 'This page is not ready yet' })).toBeTruthy();
  expect(screen.getByText('Conference Co has not put this page up yet. Please try again later.')).toBeTruthy();
  view.unmount();
  installFakeApi(() => reply(404, { code: 'page_not_found' }));
  renderApp(`/page/${PAGE_ID}`);
  expect(await screen.findByRole('heading', { name: 'This page is not available' })).toBeTruthy();
});

test('a page is found by its vanity name at /p/{name}', async () => {
  installFakeApi((path, method) =>
    method === 'GET' && path === '/api/v1/public/named-pages/summer-fair' ? reply(200, { ...page, vanity_name: 'summer-fair' }) : undefined,
  );
  renderApp('/p/summer-fair');
  expect(await screen.findByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
});

test("the landing page's own entry reads the lookup from the address", () => {
  expect(lookupOfPath(`/page/${PAGE_ID}`)).toEqual({ id: PAGE_ID });
  expect(lookupOfPath('/p/summer-fair/')).toEqual({ name: 'summer-fair' });
  expect(publicPageAddress(lookupOfPath('/p/summer-fair'))).toBe('/api/v1/public/named-pages/summer-fair');
});

test('a returning visitor checks by email and is welcomed back instead of filling the form again', async () => {
  installFakeApi((path, method, body) => {
    if (method === 'GET' && path === `/api/v1/public/pages/${PAGE_ID}`) return reply(200, page);
    if (method === 'POST' && path === `/api/v1/public/pages/${PAGE_ID}/return`) {
      const returning = (body as { email: string }).email === 'ada@example.com';
      return reply(200, { page_id: PAGE_ID, returning, submitted_at: returning ? '2026-11-20T10:00:00.000Z' : null, success_message: 'See you at the door!' });
    }
    return undefined;
  });
  renderApp(`/page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Registered already? Check with your email' }));
  fireEvent.change(screen.getByLabelText('Your email'), { target: { value: 'someone@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText(/We have no registration with that email on this page yet/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Your email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('Welcome back!')).toBeTruthy();
  expect(screen.getByText(/See you at the door!/)).toBeTruthy();
});

test('a returning visitor whose link names a loyalty exchange sees it, when it was redeemed on their card', async () => {
  const exchangeId = '00000000-0000-4000-8000-0000000000e1';
  const api = installFakeApi((path, method) => {
    if (method === 'GET' && path === `/api/v1/public/pages/${PAGE_ID}`) return reply(200, page);
    if (method === 'POST' && path === `/api/v1/public/pages/${PAGE_ID}/return`) {
      const exchange = {
        exchange_id: exchangeId,
        programme_id: '00000000-0000-4000-8000-0000000000a1',
        programme_name: 'Coffee card',
        card_id: '00000000-0000-4000-8000-0000000000c1',
        reward_name: 'free coffee',
        price: 3,
        redeemed_at: '2026-12-02T10:00:00.000Z',
      };
      return reply(200, { page_id: PAGE_ID, returning: true, submitted_at: '2026-11-20T10:00:00.000Z', success_message: 'See you!', exchange });
    }
    return undefined;
  });
  window.history.replaceState(null, '', `/page/${PAGE_ID}?exchange_id=${exchangeId}`);
  renderApp(`/page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Registered already? Check with your email' }));
  fireEvent.change(screen.getByLabelText('Your email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('Your free coffee')).toBeTruthy();
  expect(requestsOf(api, 'POST').find(([path]) => path.endsWith('/return'))?.[1]).toEqual({ email: 'ada@example.com', exchange_id: exchangeId });
  window.history.replaceState(null, '', '/');
});

describe('a page with event data', () => {
  const at = (latitude: number, longitude: number) =>
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition) },
      configurable: true,
    });
  const eventApi = (validate: (body: unknown) => FakeResponse) =>
    installFakeApiAnsweringEverything((path, method, body) => {
      if (method === 'GET' && path === `/api/v1/public/pages/${PAGE_ID}`) return reply(200, page);
      if (path === CHECK_LOCATION) return reply(200, false);
      if (path === VALIDATE) return validate(body);
      return undefined;
    });

  test("asks the page's own id and the device's position, and shows the page when the server says the visitor is there", async () => {
    at(52.52, 13.4);
    const api = eventApi(() => reply(200, true));
    renderApp(`/page/${PAGE_ID}`);
    expect(await screen.findByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
    expect(requestsOf(api, 'POST')).toEqual([
      [CHECK_LOCATION, { id: PAGE_ID }],
      [VALIDATE, { id: PAGE_ID, latitude: 52.52, longitude: 13.4 }],
    ]);
  });

  test("says 'Access Unavailable' when the server refuses, or when a check fails", async () => {
    at(52.52, 13.4);
    eventApi(() => reply(200, false));
    const { unmount } = renderApp(`/page/${PAGE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Access Unavailable' })).toBeTruthy();
    expect(screen.getByText('Please verify the event details and try again later.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'welcome to the club' })).toBeNull();
    unmount();
    // A rate-limited or failing check is false (spec §8), never an error page.
    eventApi(() => reply(429, { code: 'rate_limited' }));
    renderApp(`/page/${PAGE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Access Unavailable' })).toBeTruthy();
  });
});

test('the server renders the page with its form and data, and the browser takes that markup over without asking the API again', async () => {
  const api = installFakeApi(() => undefined);
  const rendered = renderLandingPage({ lookup: { id: PAGE_ID }, served: { page: { ...page, title: 'Doors </script>' }, allowed: true } });
  expect(rendered.root).toContain('welcome to the club');
  expect(rendered.root).toContain('aria-label="Registration form"');
  expect(rendered.root).toContain('Conference Co');
  expect(rendered.root).not.toContain('QR Platform');
  expect(rendered.head).toContain('<title>Doors &#60;/script&#62;</title>');
  expect(rendered.data).not.toContain('</script>"');

  document.body.innerHTML = `<div id="root">${rendered.root}</div>${rendered.data}`;
  const served = readServedPage(document)!;
  expect(served.served).toMatchObject({ allowed: true, page: { title: 'Doors </script>' } });
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      document.getElementById('root')!,
      <VisitorProviders scheme="visitor">
        <LandingPageScreen lookup={served.lookup} served={served.served} />
      </VisitorProviders>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  // The same markup on both sides: nothing re-rendered from scratch, and no second round trip for the page.
  expect(errors).toEqual([]);
  expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  expect(requestsOf(api, 'GET').filter(([path]) => path.startsWith('/api/v1/public/pages/'))).toEqual([]);
  expect(requestsOf(api, 'POST').filter(([path]) => path.includes('event-data'))).toEqual([]);
});

describe("a page's promo block", () => {
  const promoPage = { ...page, blocks: [{ kind: 'promo', title: 'Have a promo code?', button_label: 'Check my code' }] } satisfies PublicPageView;
  const promoApi = () =>
    installFakeApi((path, method) => {
      if (method === 'GET' && path === `/api/v1/public/pages/${PAGE_ID}`) return reply(200, promoPage);
      if (method === 'GET' && path === `/api/v1/public/promos/${page.code_id}`) return reply(200, { qr_id: page.code_id, campaigns: [] });
      if (method === 'POST' && path === '/api/v1/public/promos/nonce')
        return reply(200, { nonce: 'nonce-1', issued_at: '2026-12-02T10:00:00Z', expires_at: '2026-12-02T10:15:00Z' });
      if (method === 'POST' && path === '/api/v1/public/promos/validate')
        return reply(200, { valid: false, reason: 'expired', message: PROMO_REFUSAL_TEXTS.expired });
      return undefined;
    });
  const validationsOf = (api: ReturnType<typeof installFakeApi>) => requestsOf(api, 'POST').filter(([path]) => path.endsWith('/promos/validate'));

  test("checks the visitor's code against the page's own QR code", async () => {
    const api = promoApi();
    renderApp(`/page/${PAGE_ID}`);
    fireEvent.change(await screen.findByLabelText('Promo code'), { target: { value: 'SUMMER24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
    expect(await screen.findByText(PROMO_REFUSAL_TEXTS.expired)).toBeTruthy();
    expect(validationsOf(api)[0]![1]).toMatchObject({ promo_code: 'SUMMER24', qr_id: page.code_id, nonce: 'nonce-1' });
  });

  test('is drawn by the server with its title and form, and the browser takes it over and asks for its nonce', async () => {
    const api = promoApi();
    const rendered = renderLandingPage({ lookup: { id: PAGE_ID }, served: { page: promoPage, allowed: true } });
    expect(rendered.root).toContain('Have a promo code?');
    expect(rendered.root).toContain('Promo code');
    expect(rendered.root).toContain('Check my code');
    document.body.innerHTML = `<div id="root">${rendered.root}</div>${rendered.data}`;
    const served = readServedPage(document)!;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        document.getElementById('root')!,
        <VisitorProviders scheme="visitor">
          <LandingPageScreen lookup={served.lookup} served={served.served} />
        </VisitorProviders>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    await waitFor(() =>
      expect(requestsOf(api, 'POST').filter(([path]) => path.endsWith('/promos/nonce'))).toEqual([['/api/v1/public/promos/nonce', { qr_id: page.code_id }]]),
    );
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'SUMMER24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
    expect(await screen.findByText(PROMO_REFUSAL_TEXTS.expired)).toBeTruthy();
  });
});
