import { decodeReferralEmail, E164Phone, encodeReferralEmail, LoyaltyTerms, tierOf } from './loyalty';

describe('loyalty contracts', () => {
  it('keeps a phone number as E.164 however it was typed, and names the form when it is not one', () => {
    expect(E164Phone.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(E164Phone.parse('+1 (555) 010-1234')).toBe('+15550101234');
    for (const bad of ['020 7946 0958', '+0 123 4567', '+1 23', 'call me', '+1234567890123456']) {
      expect(E164Phone.safeParse(bad).error?.issues[0]?.message).toBe('Use a phone number in international form, such as +44 20 7946 0958.');
    }
  });

  it('carries a referrer’s email through a link and back', () => {
    for (const email of ['ada@example.com', 'Tom.O+tag@Example.co.uk']) {
      const encoded = encodeReferralEmail(email);
      expect(encoded).toMatch(/^[\w-]+$/);
      expect(decodeReferralEmail(encoded)).toBe(email.toLowerCase());
    }
    expect(decodeReferralEmail('not-an-email')).toBeNull();
    expect(decodeReferralEmail('%%%')).toBeNull();
  });

  it('refuses tiers out of order and campaign rewards of rewards the list does not hold', () => {
    const base = { name: 'Card', kind: 'points' as const };
    expect(
      LoyaltyTerms.safeParse({
        ...base,
        tiers: [
          { name: 'Gold', threshold: 10 },
          { name: 'Silver', threshold: 5 },
        ],
      }).success,
    ).toBe(false);
    const stray = LoyaltyTerms.safeParse({
      ...base,
      campaign_rewards: [
        {
          campaign_reward_id: 'e0000000-0000-4000-8000-000000000005',
          name: 'Gift',
          code_id: 'AbCdEf1234',
          action: 'scanned',
          reward_list: ['d0000000-0000-4000-8000-000000000004'],
        },
      ],
    });
    expect(stray.error?.issues[0]?.path).toEqual(['campaign_rewards', 0, 'reward_list', 0]);
  });

  it('names the tier reached and the next one', () => {
    const tiers = [
      { name: 'Silver', threshold: 5 },
      { name: 'Gold', threshold: 20 },
    ];
    expect(tierOf(tiers, 4)).toEqual({ tier: null, next: tiers[0] });
    expect(tierOf(tiers, 20)).toEqual({ tier: tiers[1], next: null });
  });
});
