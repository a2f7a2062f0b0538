export * from './promos.commands';
export * from './promos.events';
export * from './promo-campaign.decider';
export * from './promo-master-key.decider';
