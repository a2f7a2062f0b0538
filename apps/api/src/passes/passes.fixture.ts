import type { CreatePassDesignInput, PassDesignTermsInput } from '@qr/contracts';

export const PASS_DESIGNS = '/api/v1/passes/designs';
export const PASS_SERVICE = '/pass-service';

/** A loyalty card's design as a shop would make it: the balance in front, the tier beside it, the terms on the back. */
export const coffeePassTerms = (change: Partial<PassDesignTermsInput> = {}): PassDesignTermsInput => ({
  name: 'Coffee card pass',
  description: 'Bean There coffee card',
  logo_text: 'Bean There',
  background_color: '#3B2F2F',
  foreground_color: '#FFFFFF',
  label_color: '#F5DEB3',
  header_fields: [{ key: 'tier', label: 'Tier', value: '{{tier}}' }],
  primary_fields: [{ key: 'balance', label: 'Points', value: '{{balance}}' }],
  secondary_fields: [{ key: 'holder', label: 'Member', value: '{{name}}' }],
  back_fields: [{ key: 'terms', label: 'Terms', value: 'One point per visit at {{organization_name}}.' }],
  ...change,
});

export const coffeePassDesign = (orgId: string, programmeId: string, change: Partial<PassDesignTermsInput> = {}): CreatePassDesignInput => ({
  org_id: orgId,
  source: { kind: 'loyalty_card', programme_id: programmeId },
  terms: coffeePassTerms(change),
});
