import { leastRandomFor, PromoCode, PromoOffer, PromoPattern, promoPatternSpace, PromoTerms, ValidatePromoBody } from './promos';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('a promo code as typed', () => {
  it('is the printed code whatever the keyboard: full-width digits, lower case, spaces around', () => {
    expect(PromoCode.parse(' summer２４ ')).toBe('SUMMER24');
    expect(PromoCode.parse('ｓｕｍｍｅｒ-24')).toBe('SUMMER-24');
  });

  it('is refused when empty, too long or with other characters', () => {
    expect(PromoCode.safeParse('  ').success).toBe(false);
    expect(PromoCode.safeParse('A'.repeat(41)).success).toBe(false);
    expect(PromoCode.safeParse('SUMMER 24').success).toBe(false);
    expect(PromoCode.safeParse('SUMMER_24').success).toBe(false);
  });
});

describe('a unique-code pattern', () => {
  it('draws 4 to 24 characters, and prefix, mask and postfix make at most 40', () => {
    expect(PromoPattern.safeParse({ mask: '###' }).success).toBe(false);
    expect(PromoPattern.safeParse({ mask: '#'.repeat(25) }).success).toBe(false);
    expect(PromoPattern.safeParse({ mask: '##-##' }).success).toBe(true);
    expect(messagesOf(PromoPattern.safeParse({ prefix: 'SUMMERSALE24', postfix: 'BERLIN-CITY', mask: '####-####-####-####' }))).toEqual([
      'mask: Prefix, mask and postfix together make at most 40 characters.',
    ]);
    expect(PromoPattern.safeParse({ mask: '##x##' }).success).toBe(false);
  });

  it('counts its combinations exactly, beyond what a number holds', () => {
    expect(promoPatternSpace({ charset: 'alphanumeric', mask: '#'.repeat(24) })).toBe(31n ** 24n);
    expect(promoPatternSpace({ charset: 'digits', mask: '####-####' })).toBe(100_000_000n);
  });

  it('names the shortest mask with a million combinations per code', () => {
    expect(leastRandomFor('digits', 1)).toBe(6);
    expect(leastRandomFor('digits', 100_000)).toBe(11);
    expect(leastRandomFor('letters', 100_000)).toBe(9);
    expect(leastRandomFor('alphanumeric', 100_000)).toBe(8);
  });
});

describe('a campaign’s terms', () => {
  const base = { name: 'Summer', offer: { kind: 'text', text: 'A coffee' } };

  it('default to every day, all day, UTC, one per visitor, no total limit and no place', () =>
    expect(PromoTerms.parse(base)).toEqual({
      ...base,
      starts_at: null,
      ends_at: null,
      days: [1, 2, 3, 4, 5, 6, 7],
      hours: null,
      time_zone: 'UTC',
      total_limit: null,
      per_visitor_limit: 1,
      place: null,
      allow_without_location: false,
    }));

  it('refuse an end before the start, a day twice, absurd limits and an unknown time zone, naming the field', () => {
    expect(messagesOf(PromoTerms.safeParse({ ...base, starts_at: '2026-06-02T00:00:00Z', ends_at: '2026-06-01T00:00:00Z' }))).toEqual([
      'ends_at: The end must be after the start.',
    ]);
    expect(messagesOf(PromoTerms.safeParse({ ...base, days: [1, 1] }))).toEqual(['days: Name each day once.']);
    expect(PromoTerms.safeParse({ ...base, total_limit: 10_000_001 }).success).toBe(false);
    expect(PromoTerms.safeParse({ ...base, per_visitor_limit: 0 }).success).toBe(false);
    expect(PromoTerms.safeParse({ ...base, time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(PromoTerms.safeParse({ ...base, hours: { from: '09:00', until: '09:00' } }).success).toBe(false);
    expect(PromoTerms.safeParse({ ...base, place: { latitude: 91, longitude: 0, radius_m: 100 } }).success).toBe(false);
  });

  it('refuse an amount with three decimals, a discount over 100 % and a currency that is not ISO 4217', () => {
    expect(PromoOffer.safeParse({ kind: 'amount_off', text: 'Off', amount: 1.005, currency: 'EUR' }).success).toBe(false);
    expect(PromoOffer.safeParse({ kind: 'amount_off', text: 'Off', amount: 19.99, currency: 'EUR' }).success).toBe(true);
    expect(PromoOffer.safeParse({ kind: 'percent_off', text: 'Off', percent: 101 }).success).toBe(false);
    expect(PromoOffer.safeParse({ kind: 'amount_off', text: 'Off', amount: 5, currency: 'euro' }).success).toBe(false);
  });
});

describe('a validation', () => {
  const body = { promo_code: 'summer24', qr_id: 'AbCdEf1234', nonce: 'n' };

  it('takes no location, or latitude and longitude together', () => {
    expect(ValidatePromoBody.parse(body)).toMatchObject({ promo_code: 'SUMMER24', latitude: null, longitude: null, accuracy_m: null });
    expect(messagesOf(ValidatePromoBody.safeParse({ ...body, latitude: 52.5 }))).toEqual(['longitude: Send latitude and longitude together, or neither.']);
    expect(messagesOf(ValidatePromoBody.safeParse({ ...body, latitude: 52.5, longitude: 181 }))).toEqual(['longitude: A longitude is between -180 and 180.']);
  });

  it('names a missing nonce', () =>
    expect(messagesOf(ValidatePromoBody.safeParse({ promo_code: 'A', qr_id: 'AbCdEf1234' }))).toEqual([
      'nonce: Open the promo page again: its nonce is missing.',
    ]));
});
