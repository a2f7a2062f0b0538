/**
 * Admin screens of spec §2 that have not shipped, with the names their "not available yet" screens
 * use. Their addresses still answer, but the navigation does not offer them: a menu of dead ends
 * told people the product did less than it does.
 */
export const upcomingAdminSections = {
  'ai-qr': 'AI QR',
  'shop-discounts': 'Shop discounts',
  integrations: 'Integrations',
  payment: 'Payment',
} as const;

export type UpcomingAdminSection = keyof typeof upcomingAdminSections;
