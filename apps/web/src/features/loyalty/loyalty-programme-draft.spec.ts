import { LoyaltyTerms } from '@qr/contracts';
import { coffeeTerms, COFFEE_ID, CODE_ID } from './loyalty-admin-fixtures';
import { draftOf, emptyProgramme, newReward, termsOf } from './loyalty-programme-draft';

test('saved terms come back into the form and go out again unchanged, tiers, rewards, campaign rewards and referrals included', () => {
  const saved = LoyaltyTerms.parse({
    ...coffeeTerms(),
    tiers: [
      { name: 'Silver', threshold: 20 },
      { name: 'Gold', threshold: 50 },
    ],
    campaign_rewards: [
      {
        campaign_reward_id: '0190a6b2-0000-7000-8000-0000000000c9',
        name: 'Welcome',
        code_id: CODE_ID,
        action: 'form_submitted',
        points: 2,
        reward_list: [COFFEE_ID],
      },
    ],
    referral: { referrer_points: 3, friend_points: 1, action: 'scan' },
  });
  expect(LoyaltyTerms.parse(termsOf(draftOf(saved)))).toEqual(saved);
});

test('an empty stock is no limit, an empty price is refused by name rather than sent as 0', () => {
  const reward = { ...newReward(), name: 'A mug', price: '', stock: '' };
  const terms = termsOf({ ...emptyProgramme(), name: 'Card', rewards: [reward] });
  const parsed = LoyaltyTerms.safeParse(terms);
  expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reward_list.0.price']);
  expect(terms).toMatchObject({ reward_list: [{ stock: null }] });
});

test('a campaign reward does not send a reward taken off the list since it was ticked', () => {
  const kept = { ...newReward(), name: 'Kept', price: 5 };
  const campaign = {
    campaign_reward_id: crypto.randomUUID(),
    name: 'Gift',
    code_id: CODE_ID,
    action: 'scanned' as const,
    times: 2,
    points: 0,
    reward_list: [kept.reward_id, crypto.randomUUID()],
  };
  const terms = LoyaltyTerms.parse(termsOf({ ...emptyProgramme(), name: 'Card', rewards: [kept], campaigns: [campaign] }));
  expect(terms.campaign_rewards[0]?.reward_list).toEqual([kept.reward_id]);
});
