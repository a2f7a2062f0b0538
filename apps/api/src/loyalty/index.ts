// What other contexts use of loyalty: its read models (the pages' return page shows an exchange).
export { LoyaltyReads, type ExchangeOfCard, type ProgrammeRow } from './loyalty-reads';
