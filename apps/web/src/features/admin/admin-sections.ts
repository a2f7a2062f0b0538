/** The admin area's navigation, in menu order: route path under /admin and its label. */
export const adminSectionLabels = {
  'my-codes': 'My codes',
  'create-qr-code': 'Create QR code',
  'ai-qr': 'AI QR',
  folders: 'Folders',
  'add-new-page': 'Add new page',
  templates: 'Templates',
  campaigns: 'Campaigns',
  'sms-campaigns': 'SMS campaigns',
  customers: 'Customers',
  notes: 'Notes',
  experiences: 'Experiences',
  analytics: 'Analytics',
  'shop-discounts': 'Shop discounts',
  integrations: 'Integrations',
  payment: 'Payment',
  users: 'Users',
  organization: 'Organisation',
  profile: 'Profile',
} as const;

export type AdminSectionPath = keyof typeof adminSectionLabels;
