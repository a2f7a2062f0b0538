import { passSourceId, type PassBarcodeFormat, type PassDesignView, type PassField, type PassFieldArea, type PassKind } from '@qr/contracts';
import { instantOf, localOf } from '../promos';

/** A location as typed: coordinates stay text until the contract checks them, so a half-typed "-0." is kept. */
export interface LocationDraft {
  latitude: number | string;
  longitude: number | string;
  relevant_text: string;
}

/** The designer's values: PassDesignTerms with its dates as `datetime-local` text, and the source picked. */
export interface DesignDraft {
  kind: PassKind;
  /** The programme's, campaign's or page's id; empty until one is picked. */
  source_id: string;
  name: string;
  description: string;
  logo_text: string;
  background_color: string;
  foreground_color: string;
  label_color: string;
  logo_blob_id: string | null;
  strip_blob_id: string | null;
  icon_blob_id: string | null;
  header_fields: PassField[];
  primary_fields: PassField[];
  secondary_fields: PassField[];
  auxiliary_fields: PassField[];
  back_fields: PassField[];
  barcode_format: PassBarcodeFormat;
  barcode_alt_text: boolean;
  locations: LocationDraft[];
  relevant_date: string;
  expiration_date: string;
}

export type FieldAreas = Pick<DesignDraft, PassFieldArea>;

/** What a new design of each kind starts with: the fields most passes of that kind show, ready to change. */
const STARTING_FIELDS: Record<PassKind, Partial<FieldAreas>> = {
  loyalty_card: {
    primary_fields: [{ key: 'balance', label: 'Balance', value: '{{balance}}' }],
    secondary_fields: [{ key: 'name', label: 'Member', value: '{{name}}' }],
    auxiliary_fields: [{ key: 'tier', label: 'Tier', value: '{{tier}}' }],
    back_fields: [{ key: 'programme', label: 'Programme', value: '{{programme}} of {{organization_name}}' }],
  },
  promo_code: {
    primary_fields: [{ key: 'offer', label: 'Offer', value: '{{offer}}' }],
    secondary_fields: [{ key: 'code', label: 'Code', value: '{{promo_code}}' }],
    auxiliary_fields: [{ key: 'ends', label: 'Until', value: '{{ends_at}}' }],
  },
  event_ticket: {
    primary_fields: [{ key: 'event', label: 'Event', value: '{{event}}' }],
    secondary_fields: [{ key: 'holder', label: 'Holder', value: '{{holder}}' }],
    auxiliary_fields: [{ key: 'starts', label: 'Starts', value: '{{starts_at}}' }],
  },
};

const noFields: FieldAreas = { header_fields: [], primary_fields: [], secondary_fields: [], auxiliary_fields: [], back_fields: [] };

export const emptyDraft = (kind: PassKind): DesignDraft => ({
  kind,
  source_id: '',
  name: '',
  description: '',
  logo_text: '',
  background_color: '#1f2937',
  foreground_color: '#ffffff',
  label_color: '#d1d5db',
  logo_blob_id: null,
  strip_blob_id: null,
  icon_blob_id: null,
  ...noFields,
  ...STARTING_FIELDS[kind],
  barcode_format: 'qr',
  barcode_alt_text: true,
  locations: [],
  relevant_date: '',
  expiration_date: '',
});

/** Another kind keeps what was typed, except fields that only the starting set put there. */
export function withKind(draft: DesignDraft, kind: PassKind): DesignDraft {
  const untouched = (Object.keys(noFields) as PassFieldArea[]).every((area) => JSON.stringify(draft[area]) === JSON.stringify(emptyDraft(draft.kind)[area]));
  return { ...draft, kind, source_id: '', ...(untouched ? { ...noFields, ...STARTING_FIELDS[kind] } : {}) };
}

const numberOr = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/** A saved design, back in the designer's shape. */
export function draftOf(design: PassDesignView): DesignDraft {
  const { terms } = design;
  return {
    ...terms,
    kind: design.source.kind,
    source_id: passSourceId(design.source),
    relevant_date: localOf(terms.relevant_date),
    expiration_date: localOf(terms.expiration_date),
  };
}

function sourceOf(draft: DesignDraft): unknown {
  if (draft.kind === 'loyalty_card') return { kind: draft.kind, programme_id: draft.source_id };
  if (draft.kind === 'promo_code') return { kind: draft.kind, campaign_id: draft.source_id };
  return { kind: draft.kind, page_id: draft.source_id };
}

/** The draft in the shape of CreatePassDesignBody's input (less its organisation), for the contract to check. */
export function bodyOf(draft: DesignDraft): { source: unknown; terms: unknown } {
  const { kind: _kind, source_id: _source, locations, relevant_date, expiration_date, ...terms } = draft;
  return {
    source: sourceOf(draft),
    terms: {
      ...terms,
      locations: locations.map((location) => ({ ...location, latitude: numberOr(location.latitude), longitude: numberOr(location.longitude) })),
      relevant_date: instantOf(relevant_date),
      expiration_date: instantOf(expiration_date),
    },
  };
}
