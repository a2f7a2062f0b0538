import type { z } from 'zod';
import {
  leastRandomFor,
  normalPromoCode,
  PromoCode,
  PromoOffer,
  PromoPattern,
  promoPatternSpace,
  PromoTerms,
  ValidatePromoBody,
  type ValidatePromoInput,
} from './promos';

/** Each issue of a refused parse as `path: message`, or 'ok'. */
function issuesOf(schema: z.ZodType, input: unknown): string[] | 'ok' {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
const hashes = (count: number) => '#'.repeat(count);

describe('a promo code', () => {
  it('is what staff printed, however the visitor typed it', () => {
    expect(PromoCode.parse('ＳＵＭＭＥＲ２４')).toBe('SUMMER24');
    expect(PromoCode.parse('  summer24 ')).toBe('SUMMER24');
    expect(PromoCode.parse('\u3000summer24\u3000')).toBe('SUMMER24'); // the space of a Japanese keyboard
    expect(PromoCode.parse('xmas-ab23-cd45')).toBe('XMAS-AB23-CD45');
    expect(normalPromoCode('ｘｍａｓ－２４\t')).toBe('XMAS-24');
  });

  it('refuses empty, long and strange codes', () => {
    expect(issuesOf(PromoCode, '   ')).toEqual([': Enter the promo code.']);
    expect(issuesOf(PromoCode, 'A'.repeat(40))).toBe('ok');
    expect(issuesOf(PromoCode, 'A'.repeat(41))).toEqual([': A promo code has at most 40 characters.']);
    for (const strange of ['SUMMER 24', 'SUMMER_24', 'SÜMMER', 'DROP;TABLE', '<b>']) {
      expect(issuesOf(PromoCode, strange)).toEqual([': A promo code has letters, digits and dashes only.']);
    }
  });
});

describe('a promo pattern', () => {
  it('fills in the defaults and normalises the affixes', () => {
    expect(PromoPattern.parse({ mask: '####-####', prefix: 'xmas-' })).toEqual({ prefix: 'XMAS-', postfix: '', charset: 'alphanumeric', mask: '####-####' });
  });

  it('draws 4 to 24 characters and keeps the code to 40', () => {
    const drawn = 'mask: A mask draws between 4 and 24 characters (`#`).';
    expect(issuesOf(PromoPattern, { mask: hashes(3) })).toEqual([drawn]);
    expect(issuesOf(PromoPattern, { mask: '#-#-#' })).toEqual([drawn]);
    expect(issuesOf(PromoPattern, { mask: hashes(4) })).toBe('ok');
    expect(issuesOf(PromoPattern, { mask: hashes(24) })).toBe('ok');
    expect(issuesOf(PromoPattern, { mask: hashes(25) })).toEqual([drawn]);
    expect(issuesOf(PromoPattern, { mask: '####_####' })).toEqual(['mask: A mask is `#` for each drawn character, with dashes between.']);
    // 12 + 16 + 12 is 40; one more dash is too long.
    expect(issuesOf(PromoPattern, { prefix: 'A'.repeat(12), postfix: 'B'.repeat(12), mask: '####-####-####-#' })).toBe('ok');
    expect(issuesOf(PromoPattern, { prefix: 'A'.repeat(12), postfix: 'B'.repeat(12), mask: '####-####-####-##' })).toEqual([
      'mask: Prefix, mask and postfix together make at most 40 characters.',
    ]);
    expect(issuesOf(PromoPattern, { prefix: 'A'.repeat(13), mask: hashes(8) })).toEqual(['prefix: Keep a prefix or postfix to 12 characters.']);
    expect(issuesOf(PromoPattern, { postfix: 'a b', mask: hashes(8) })).toEqual(['postfix: Use letters, digits and dashes.']);
  });

  it('counts its space exactly, far beyond what a number holds', () => {
    expect(promoPatternSpace({ charset: 'digits', mask: '####-####' })).toBe(10n ** 8n);
    expect(promoPatternSpace({ charset: 'letters', mask: hashes(6) })).toBe(23n ** 6n);
    expect(promoPatternSpace({ charset: 'alphanumeric', mask: hashes(24) })).toBe(31n ** 24n);
    expect(31n ** 24n > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('names the fewest drawn characters for a million guesses per code', () => {
    expect(leastRandomFor('digits', 1)).toBe(6);
    expect(leastRandomFor('digits', 100_000)).toBe(11);
    expect(leastRandomFor('alphanumeric', 1)).toBe(5);
    // 31^7 is about 2.75 * 10^10, 31^8 about 8.5 * 10^11.
    expect(leastRandomFor('alphanumeric', 27_512)).toBe(7);
    expect(leastRandomFor('alphanumeric', 27_513)).toBe(8);
    expect(leastRandomFor('letters', 100_000)).toBe(9);
    // Beyond 24 characters of any charset: 10^24 against 10^6 per code.
    expect(leastRandomFor('digits', 10 ** 18)).toBe(24);
    expect(leastRandomFor('digits', 10 ** 18 + 2 ** 10)).toBeNull();
  });
});

describe('promo terms', () => {
  const offer = { kind: 'text', text: 'A free coffee' };

  it('fill in a campaign valid every day, once per visitor', () => {
    expect(PromoTerms.parse({ name: ' Coffee ', offer })).toEqual({
      name: 'Coffee',
      offer,
      starts_at: null,
      ends_at: null,
      days: [1, 2, 3, 4, 5, 6, 7],
      hours: null,
      time_zone: 'UTC',
      total_limit: null,
      per_visitor_limit: 1,
      place: null,
      allow_without_location: false,
    });
  });

  it('refuse a window, days or hours that make no sense', () => {
    const terms = (changes: object) => issuesOf(PromoTerms, { name: 'Coffee', offer, ...changes });
    expect(terms({ starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T17:00:00+01:00' })).toEqual(['ends_at: The end must be after the start.']);
    expect(terms({ starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T18:00:00Z' })).toEqual(['ends_at: The end must be after the start.']);
    expect(terms({ starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T18:00:01Z' })).toBe('ok');
    expect(terms({ starts_at: 'Christmas' })).toEqual(['starts_at: Use a date and time such as 2026-12-24T18:00:00Z.']);
    expect(terms({ days: [1, 3, 1] })).toEqual(['days: Name each day once.']);
    expect(terms({ days: [] })).toEqual(['days: Pick at least one day of the week.']);
    expect(terms({ days: [0, 8, 2.5, 'Mon'] })).toEqual(['0', '1', '2', '3'].map((at) => `days.${at}: A day is 1 (Monday) to 7 (Sunday).`));
    expect(terms({ hours: { from: '22:00', until: '02:00' } })).toBe('ok');
    expect(terms({ hours: { from: '09:00', until: '09:00' } })).toEqual(['hours.until: The hours cannot start and end at the same time.']);
    expect(terms({ hours: { from: '24:00', until: '02:00' } })).toEqual(['hours.from: Use a time such as 09:30.']);
    expect(terms({ time_zone: 'Europe/Berlin' })).toBe('ok');
    expect(terms({ time_zone: 'Europe/Atlantis' })).not.toBe('ok');
  });

  it('refuse absurd limits and places', () => {
    const terms = (changes: object) => issuesOf(PromoTerms, { name: 'Coffee', offer, ...changes });
    expect(terms({ total_limit: 10_000_000, per_visitor_limit: 1000 })).toBe('ok');
    expect(terms({ total_limit: 10_000_001 })).toEqual(['total_limit: A total limit is at most 10,000,000.']);
    expect(terms({ total_limit: 0 })).toEqual(['total_limit: A limit is at least 1.']);
    expect(terms({ total_limit: 2.5 })).toEqual(['total_limit: A limit is a whole number.']);
    expect(terms({ per_visitor_limit: '5' })).toEqual(['per_visitor_limit: A limit is a whole number.']);
    expect(terms({ per_visitor_limit: 1001 })).toEqual(['per_visitor_limit: A per-visitor limit is at most 1000.']);
    expect(terms({ per_visitor_limit: null })).toBe('ok');
    expect(terms({ place: { latitude: 52.5, longitude: 13.4, radius_m: 5 } })).toEqual(['place.radius_m: A radius is at least 10 m.']);
    expect(terms({ place: { latitude: 52.5, longitude: 13.4, radius_m: 50_001 } })).toEqual(['place.radius_m: A radius is at most 50 km.']);
    expect(terms({ place: { latitude: 91, longitude: 13.4, radius_m: 100 } })).toEqual(['place.latitude: A latitude is between -90 and 90.']);
  });

  it('refuse discounts that are not money or not a share', () => {
    const amount = (value: number) => issuesOf(PromoOffer, { kind: 'amount_off', text: '5 off', amount: value, currency: 'EUR' });
    expect(amount(19.99)).toBe('ok');
    expect(amount(0.1 + 0.2)).toBe('ok');
    expect(amount(1_000_000)).toBe('ok');
    expect(amount(1.005)).toEqual(['amount: An amount has at most two decimals.']);
    expect(amount(0.001)).toEqual(['amount: An amount has at most two decimals.']);
    expect(amount(0)).toEqual(['amount: An amount off is more than 0.']);
    expect(amount(1_000_000.01)).toEqual(['amount: An amount off is at most 1,000,000.']);
    expect(issuesOf(PromoOffer, { kind: 'amount_off', text: '5 off', amount: 5, currency: 'euro' })).toEqual([
      'currency: A currency is three capital letters (ISO 4217), e.g. EUR.',
    ]);
    const percent = (value: number) => issuesOf(PromoOffer, { kind: 'percent_off', text: 'Half off', percent: value });
    expect(percent(100)).toBe('ok');
    expect(percent(100.5)).toEqual(['percent: A discount is at most 100 %.']);
    expect(percent(0)).toEqual(['percent: A discount is more than 0 %.']);
  });
});

describe('a visitor’s validation', () => {
  const valid: ValidatePromoInput = { promo_code: ' summer24', qr_id: 'AbCdEf1234', nonce: 'n-1' };
  const validate = (changes: Partial<Record<keyof ValidatePromoInput, unknown>>) => issuesOf(ValidatePromoBody, { ...valid, ...changes });

  it('takes a code without a location, and normalises it', () => {
    expect(ValidatePromoBody.parse(valid)).toEqual({
      promo_code: 'SUMMER24',
      qr_id: 'AbCdEf1234',
      nonce: 'n-1',
      latitude: null,
      longitude: null,
      accuracy_m: null,
    });
    expect(validate({ latitude: 52.5163, longitude: 13.379, accuracy_m: 20 })).toBe('ok');
  });

  it('wants latitude and longitude together', () => {
    expect(validate({ latitude: 52.5 })).toEqual(['longitude: Send latitude and longitude together, or neither.']);
    expect(validate({ longitude: 13.4 })).toEqual(['longitude: Send latitude and longitude together, or neither.']);
  });

  it('names the coordinate out of range', () => {
    expect(validate({ latitude: 90.1, longitude: 13.4 })).toEqual(['latitude: A latitude is between -90 and 90.']);
    expect(validate({ latitude: 52.5, longitude: -180.5 })).toEqual(['longitude: A longitude is between -180 and 180.']);
    expect(validate({ latitude: '52.5', longitude: 13.4 })).toEqual(['latitude: A latitude is a number.']);
    expect(validate({ latitude: 52.5, longitude: 13.4, accuracy_m: -1 })).toEqual(['accuracy_m: An accuracy is not negative.']);
  });

  it('names a missing nonce and a malformed code', () => {
    const missing = 'nonce: Open the promo page again: its nonce is missing.';
    expect(issuesOf(ValidatePromoBody, { promo_code: 'SUMMER24', qr_id: 'AbCdEf1234' })).toEqual([missing]);
    expect(validate({ nonce: '' })).toEqual([missing]);
    expect(validate({ promo_code: 'SUMMER 24' })).toEqual(['promo_code: A promo code has letters, digits and dashes only.']);
    expect(validate({ master_key: '123' })).toEqual(['master_key: A master key has at least 6 characters.']);
    expect(validate({ extra: true } as Partial<Record<keyof ValidatePromoInput, unknown>>)).not.toBe('ok');
  });
});
