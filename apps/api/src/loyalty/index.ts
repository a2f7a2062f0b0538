// What other contexts use of loyalty: its read models (the pages' return page shows an exchange),
// and rewards given to a card (a game's prize).
export { LoyaltyReads, type ExchangeOfCard, type ProgrammeRow } from './loyalty-reads';
export { LoyaltyGrants, type RewardGrant } from './loyalty-grants';
