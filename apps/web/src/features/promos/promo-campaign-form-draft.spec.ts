import { PromoTerms } from '@qr/contracts';
import { draftOf, emptyTerms, patternSpace, emptyCodes, termsOf } from './promo-campaign-form-draft';

test('saved terms come back into the form and go out again unchanged, window, hours, place and offer included', () => {
  const saved = PromoTerms.parse({
    name: 'Happy hour',
    offer: { kind: 'amount_off', text: '2 EUR off a cocktail', amount: 2.5, currency: 'EUR' },
    starts_at: '2026-12-01T17:00:00.000Z',
    ends_at: '2026-12-31T23:00:00.000Z',
    days: [5, 6],
    hours: { from: '22:00', until: '02:00' },
    time_zone: 'Europe/Berlin',
    total_limit: null,
    per_visitor_limit: 2,
    place: { latitude: 52.5, longitude: 13.4, radius_m: 150 },
    allow_without_location: true,
  });
  expect(PromoTerms.parse(termsOf(draftOf(saved)))).toEqual(saved);
});

test('an empty limit is no limit, an empty amount is refused by name rather than sent as 0', () => {
  const terms = termsOf({ ...emptyTerms(), name: 'X', offer_kind: 'amount_off', offer_text: 'Off', amount: '', total_limit: '' });
  const parsed = PromoTerms.safeParse(terms);
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['offer.amount']);
  expect(terms).toMatchObject({ total_limit: null });
});

test('a pattern says how many codes it makes and how many # the count needs', () => {
  expect(patternSpace({ ...emptyCodes(), charset: 'digits', mask: '######', count: 10 })).toEqual({ combinations: 1_000_000n, needed: 7, tooSmall: true });
  expect(patternSpace({ ...emptyCodes(), charset: 'digits', mask: '###-####', count: 10 })).toEqual({ combinations: 10_000_000n, needed: 7, tooSmall: false });
  expect(patternSpace({ ...emptyCodes(), mask: 'AB' })).toBeNull();
});
