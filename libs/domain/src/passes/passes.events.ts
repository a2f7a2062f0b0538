import type { PassDesignTerms, PassHolder, PassSource } from '@qr/contracts';

/**
 * What happens to a pass design, on `pass-design-<id>`, and to each pass issued from one, on
 * `pass-<serial>` (docs/decisions/032). A pass's content (a balance, a tier, an offer) is not in
 * its events: the wallet gets it made fresh from the design and its source's read models, and a
 * change there pushes an update. Device registrations and issuer secrets live in their own tables.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type PassDesignCreated = Event<
  'PassDesignCreated',
  { design_id: string; org_id: string; source: PassSource; terms: PassDesignTerms; created_by: string }
>;
/** Carries all the terms after the change, so a read model overwrites rather than merges. */
export type PassDesignUpdated = Event<'PassDesignUpdated', { terms: PassDesignTerms; updated_by: string }>;
/** Its passes show as voided from then on. */
export type PassDesignDeleted = Event<'PassDesignDeleted', { deleted_by: string }>;

export type PassDesignEvent = PassDesignCreated | PassDesignUpdated | PassDesignDeleted;

/** `issued_by` is the staff member's id, or null when a visitor added it from their page. */
export type PassIssued = Event<
  'PassIssued',
  { pass_id: string; design_id: string; org_id: string; source: PassSource; holder: PassHolder; issued_by: string | null }
>;
export type PassVoided = Event<'PassVoided', { voided_by: string }>;
export type PassRestored = Event<'PassRestored', { restored_by: string }>;

export type PassEvent = PassIssued | PassVoided | PassRestored;

export const passDesignStreamId = (designId: string): string => `pass-design-${designId}`;
export const passStreamId = (passId: string): string => `pass-${passId}`;
