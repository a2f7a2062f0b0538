import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  PROMO_REFUSAL_REASONS,
  PROMO_REFUSAL_TEXTS,
  ValidatePromoBody,
  type PromoRefusalReason,
  type PromoValidation,
  type PublicPromoView,
} from '@qr/contracts';
import axe from 'axe-core';
import { VisitorProviders } from '../../app/visitor-providers';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import { PromoEntry } from './promo-entry';

const QR_ID = 'AbCdEf1234';
const NONCE = '/api/v1/public/promos/nonce';
const VALIDATE = '/api/v1/public/promos/validate';
const REDEMPTION_ID = '7d1f3b2a-4c5e-4f60-8a7b-9c0d1e2f3a4b';

const campaign = (needs_location: boolean): PublicPromoView['campaigns'][number] => ({
  name: 'Summer at the café',
  offer: { kind: 'percent_off', text: 'A fifth off your coffee', percent: 20 },
  starts_at: null,
  ends_at: null,
  needs_location,
});
const VALID: PromoValidation = {
  valid: true,
  message: 'Redeemed.',
  offer: { kind: 'percent_off', text: 'A fifth off your coffee', percent: 20 },
  campaign_name: 'Summer at the café',
  redemption_id: REDEMPTION_ID,
};
const refused = (reason: PromoRefusalReason): PromoValidation => ({ valid: false, reason, message: PROMO_REFUSAL_TEXTS[reason] });

/** The public promo API: each nonce is new, and each validation is answered by `validate`. */
function promoApi(validate: (body: ValidatePromoBody, attempt: number) => FakeResponse, { needsLocation = false } = {}): FakeApi {
  let nonces = 0;
  let attempts = 0;
  return installFakeApi((path, method, body) => {
    if (method === 'GET' && path === `/api/v1/public/promos/${QR_ID}`) return reply(200, { qr_id: QR_ID, campaigns: [campaign(needsLocation)] });
    if (method === 'POST' && path === NONCE) {
      nonces += 1;
      return reply(200, { nonce: `nonce-${nonces}`, issued_at: '2026-12-02T10:00:00Z', expires_at: '2026-12-02T10:15:00Z' });
    }
    if (method === 'POST' && path === VALIDATE) return validate(body as ValidatePromoBody, ++attempts);
    return undefined;
  });
}
const validations = (api: FakeApi) =>
  requestsOf(api, 'POST')
    .filter(([path]) => path === VALIDATE)
    .map(([, body]) => body as ValidatePromoBody);
const nonceRequests = (api: FakeApi) => requestsOf(api, 'POST').filter(([path]) => path === NONCE);

function renderEntry() {
  return render(
    <VisitorProviders>
      <PromoEntry qrId={QR_ID} title="Have a promo code?" buttonLabel="Check my code" />
    </VisitorProviders>,
  );
}
async function enter(code: string, button = 'Check my code') {
  fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const geolocation = (getCurrentPosition: Geolocation['getCurrentPosition'] | undefined) =>
  Object.defineProperty(navigator, 'geolocation', { value: getCurrentPosition && { getCurrentPosition }, configurable: true });
type AskPosition = Geolocation['getCurrentPosition'];
const at = (latitude: number, longitude: number, accuracy: number) =>
  jest.fn<ReturnType<AskPosition>, Parameters<AskPosition>>((ok) => ok({ coords: { latitude, longitude, accuracy } } as GeolocationPosition));
const refusing = () => jest.fn<ReturnType<AskPosition>, Parameters<AskPosition>>((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError));

/** WCAG A and AA as the e2e suite checks them, less colour contrast, which jsdom cannot compute. */
async function expectNoAxeViolations(container: HTMLElement) {
  const { violations } = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

beforeEach(() => {
  localStorage.clear();
  geolocation(jest.fn());
});

test('a valid code is redeemed: the visitor sees “Redeemed” with the offer and the campaign, sent with a fresh nonce and this phone’s id', async () => {
  const api = promoApi(() => reply(200, VALID));
  const { container } = renderEntry();
  await waitFor(() => expect(nonceRequests(api)).toHaveLength(1));
  await expectNoAxeViolations(container);

  await enter(' summer24 ');
  expect(await screen.findByRole('heading', { name: 'Redeemed' })).toBeTruthy();
  expect(screen.getByText('A fifth off your coffee')).toBeTruthy();
  expect(screen.getByText('20 % off')).toBeTruthy();
  expect(screen.getByText('Summer at the café')).toBeTruthy();
  expect(screen.getByText('SUMMER24')).toBeTruthy();
  // The pressed button is gone: a screen reader carries on from the answer.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Redeemed' }));
  await expectNoAxeViolations(container);

  const [sent] = validations(api);
  expect(sent).toEqual({
    promo_code: 'SUMMER24',
    qr_id: QR_ID,
    latitude: null,
    longitude: null,
    accuracy_m: null,
    nonce: 'nonce-1',
    visitor_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  // What the page sends is what the API's contract takes.
  expect(ValidatePromoBody.safeParse(sent).success).toBe(true);
  // A campaign not bound to a place never asks where the phone is.
  expect(navigator.geolocation.getCurrentPosition).not.toHaveBeenCalled();
  // A new nonce after the answer, for the next code; the phone keeps its id.
  await waitFor(() => expect(nonceRequests(api)).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Check another code' }));
  await enter('WINTER25');
  await screen.findByRole('heading', { name: 'Redeemed' });
  const [first, second] = validations(api);
  expect(second).toMatchObject({ promo_code: 'WINTER25', nonce: 'nonce-2', visitor_id: first!.visitor_id });
});

test.each(PROMO_REFUSAL_REASONS.filter((reason) => reason !== 'needs_master_key'))('a code refused as %s says why in plain words', async (reason) => {
  promoApi(() => reply(200, refused(reason)));
  renderEntry();
  await enter('SUMMER24');
  expect(await screen.findByText(PROMO_REFUSAL_TEXTS[reason])).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('Not redeemed');
  expect(screen.queryByRole('heading', { name: 'Redeemed' })).toBeNull();
  expect(screen.queryByLabelText('Master key')).toBeNull();
});

test('a code behind a promo lock asks for the master key, says so when it is wrong, and is redeemed once staff type the right one', async () => {
  const api = promoApi((body) => reply(200, body.master_key === 'counter-key-1' ? VALID : refused('needs_master_key')));
  const { container } = renderEntry();
  await enter('LOCKED-1');
  expect(await screen.findByText(PROMO_REFUSAL_TEXTS.needs_master_key)).toBeTruthy();
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('button', { name: 'Unlock the code' }));
  expect(await screen.findByText('Enter the master key.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/Master key/), { target: { value: 'wrong-key' } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock the code' }));
  expect(await screen.findByText('This key does not unlock the code. Check it and try again.')).toBeTruthy();

  fireEvent.change(screen.getByLabelText(/Master key/), { target: { value: ' counter-key-1 ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock the code' }));
  expect(await screen.findByRole('heading', { name: 'Redeemed' })).toBeTruthy();
  expect(validations(api).map(({ promo_code, master_key, nonce }) => ({ promo_code, master_key, nonce }))).toEqual([
    { promo_code: 'LOCKED-1', master_key: undefined, nonce: 'nonce-1' },
    { promo_code: 'LOCKED-1', master_key: 'wrong-key', nonce: 'nonce-2' },
    { promo_code: 'LOCKED-1', master_key: 'counter-key-1', nonce: 'nonce-3' },
  ]);
});

test('after too many tries the visitor is told how long to wait, counted down from Retry-After, and can try again after it', async () => {
  const api = promoApi((_body, attempt) => (attempt === 1 ? reply(429, { code: 'rate_limited' }, { 'Retry-After': '2' }) : reply(200, VALID)));
  const { container } = renderEntry();
  await enter('GUESS-1');
  expect(await screen.findByText('Too many tries. Try again in 2 s.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Check my code' }).hasAttribute('disabled')).toBe(true);
  await expectNoAxeViolations(container);
  expect(await screen.findByText('Too many tries. Try again in 1 s.', {}, { timeout: 3000 })).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Check my code' }).hasAttribute('disabled')).toBe(false), { timeout: 3000 });
  expect(screen.queryByText(/Too many tries/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
  expect(await screen.findByRole('heading', { name: 'Redeemed' })).toBeTruthy();
  expect(validations(api)).toHaveLength(2);
});

test('a nonce that is too old is replaced quietly, and the visitor is asked to press again', async () => {
  const api = promoApi((body) =>
    body.nonce === 'nonce-1' ? reply(400, { code: 'promo_nonce_invalid', detail: 'Open the promo page again.' }) : reply(200, VALID),
  );
  renderEntry();
  await enter('SUMMER24');
  expect(await screen.findByText(/has been refreshed. Press “Check my code” again./)).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
  expect(await screen.findByRole('heading', { name: 'Redeemed' })).toBeTruthy();
  expect(validations(api).map(({ nonce }) => nonce)).toEqual(['nonce-1', 'nonce-2']);
});

test('an empty code is not sent, and a code the API refuses as malformed is explained next to the input', async () => {
  const api = promoApi(() =>
    reply(400, { code: 'validation_failed', errors: [{ field: 'body.promo_code', message: 'A promo code has letters, digits and dashes only.' }] }),
  );
  renderEntry();
  await enter('   ');
  expect(await screen.findByText('Enter the promo code.')).toBeTruthy();
  expect(validations(api)).toEqual([]);
  await enter('SUMMER 24!');
  expect(await screen.findByText('A promo code has letters, digits and dashes only.')).toBeTruthy();
  expect(screen.getByLabelText('Promo code').getAttribute('aria-invalid')).toBe('true');
});

describe('a campaign bound to a place', () => {
  test('sends the phone’s position with its accuracy', async () => {
    const getCurrentPosition = at(52.52, 13.405, 18);
    geolocation(getCurrentPosition);
    const api = promoApi(() => reply(200, VALID), { needsLocation: true });
    renderEntry();
    await enter('SUMMER24');
    await screen.findByRole('heading', { name: 'Redeemed' });
    expect(validations(api)[0]).toMatchObject({ latitude: 52.52, longitude: 13.405, accuracy_m: 18 });
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });
  });

  test('tolerates a visitor who refuses to share it: the code is still checked, and a refusal for the place says the location was not shared', async () => {
    geolocation(refusing());
    const api = promoApi((_body, attempt) => reply(200, attempt === 1 ? refused('outside_area') : VALID), { needsLocation: true });
    renderEntry();
    await enter('SUMMER24');
    expect(await screen.findByText(PROMO_REFUSAL_TEXTS.outside_area)).toBeTruthy();
    expect(screen.getByText('Your location was not shared. Allow location for this page when your browser asks, then try again.')).toBeTruthy();
    expect(validations(api)[0]).toMatchObject({ latitude: null, longitude: null, accuracy_m: null });
    // A campaign that allows it redeems without a location.
    fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
    expect(await screen.findByRole('heading', { name: 'Redeemed' })).toBeTruthy();
  });

  test('tells a visitor whose browser has no geolocation that it is not supported', async () => {
    geolocation(undefined);
    promoApi(() => reply(200, refused('outside_area')), { needsLocation: true });
    renderEntry();
    await enter('SUMMER24');
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeTruthy();
  });
});

test('a code refused for its place makes the next try ask where the phone is, even before the page knew the campaign needs it', async () => {
  const getCurrentPosition = at(48.85, 2.35, 25);
  geolocation(getCurrentPosition);
  const api = promoApi((_body, attempt) => reply(200, attempt === 1 ? refused('outside_area') : VALID));
  renderEntry();
  await enter('SUMMER24');
  await screen.findByText(PROMO_REFUSAL_TEXTS.outside_area);
  expect(getCurrentPosition).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
  await screen.findByRole('heading', { name: 'Redeemed' });
  expect(validations(api)[1]).toMatchObject({ latitude: 48.85, longitude: 2.35, accuracy_m: 25 });
});
