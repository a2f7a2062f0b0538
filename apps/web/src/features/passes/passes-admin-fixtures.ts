import {
  DEFAULT_PAGE_BLOCKS,
  DEFAULT_PAGE_THEME,
  DEFAULT_REGISTRATION_FORM,
  LoyaltyTerms,
  type IssuersView,
  type PageView,
  type PassDesignView,
  type PassView,
  type ProgrammeView,
} from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The admin passes specs' designs, passes and issuers, as the API answers them. */
export const DESIGN_ID = '0190a6b2-0000-7000-8000-00000000d0a1';
export const PASS_ID = '0190a6b2-0000-7000-8000-00000000f0a1';
export const PASS_TYPE = 'pass.com.acme.loyalty';
export const PROGRAMME_ID = '0190a6b2-0000-7000-8000-00000000e0a1';
export const CARD_ID = '0190a6b2-0000-7000-8000-00000000e0c1';

/** The one programme a loyalty card design can be for, as the loyalty API lists it. */
export const programmeView = (): ProgrammeView => ({
  programme_id: PROGRAMME_ID,
  org_id: ACME_ORG_ID,
  code_id: 'AbCdEf1234',
  terms: LoyaltyTerms.parse({ name: 'Coffee card', kind: 'stamps' }),
  members: 2,
  rewards: [],
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

export const EVENT_PAGE_ID = '0190a6b2-0000-7000-8000-00000000e0b1';
export const EVENT_CODE_ID = 'EvEnT12345';

/** A landing page with event data, found by its code in the designer's event page picker. */
export const eventPage = (): PageView => ({
  page_id: EVENT_PAGE_ID,
  code_id: EVENT_CODE_ID,
  org_id: ACME_ORG_ID,
  title: 'Jazz night',
  vanity_name: null,
  blocks: [...DEFAULT_PAGE_BLOCKS],
  form: [...DEFAULT_REGISTRATION_FORM],
  success_message: 'See you there.',
  success_button: null,
  theme: DEFAULT_PAGE_THEME,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
});

export const designView = (extra: Partial<PassDesignView> = {}): PassDesignView => ({
  design_id: DESIGN_ID,
  org_id: ACME_ORG_ID,
  source: { kind: 'loyalty_card', programme_id: PROGRAMME_ID },
  source_name: 'Coffee card',
  terms: {
    name: 'Coffee card pass',
    description: 'Acme coffee card',
    logo_text: 'Acme',
    background_color: '#112233',
    foreground_color: '#ffffff',
    label_color: '#cccccc',
    logo_blob_id: null,
    strip_blob_id: null,
    icon_blob_id: null,
    header_fields: [],
    primary_fields: [{ key: 'balance', label: 'Balance', value: '{{balance}}' }],
    secondary_fields: [{ key: 'name', label: 'Member', value: '{{name}}' }],
    auxiliary_fields: [],
    back_fields: [{ key: 'terms', label: 'Terms', value: 'One stamp a visit.' }],
    barcode_format: 'qr',
    barcode_alt_text: true,
    locations: [],
    relevant_date: null,
    expiration_date: null,
  },
  passes: 2,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  ...extra,
});

export const passView = (extra: Partial<PassView> = {}): PassView => ({
  pass_id: PASS_ID,
  passTypeIdentifier: PASS_TYPE,
  serialNumber: PASS_ID,
  design_id: DESIGN_ID,
  kind: 'loyalty_card',
  holder: 'Ada Lovelace',
  voided: false,
  devices: 1,
  issued_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  apple_url: `https://acme.test/pass-service/pkpass/${PASS_TYPE}/${PASS_ID}`,
  google_ready: true,
  ...extra,
});

export const notConnected = (): IssuersView => ({
  issuers: [
    {
      provider: 'apple',
      connected: false,
      summary: null,
      expires_at: null,
      problems: [],
      updated_at: null,
      hint: 'No Apple pass type certificate is connected: passes cannot be added to Apple Wallet.',
    },
    {
      provider: 'google',
      connected: false,
      summary: null,
      expires_at: null,
      problems: [],
      updated_at: null,
      hint: 'No Google Wallet issuer is connected.',
    },
  ],
});
