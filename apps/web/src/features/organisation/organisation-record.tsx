import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec §3 "Organisation record (client-held)": all text, all empty by default; it can be set or reset. */
export interface OrganisationRecord {
  org_id: string;
  org_name: string;
  organization_logo: string;
  role: string;
}

export const emptyOrganisationRecord: OrganisationRecord = {
  org_id: '',
  org_name: '',
  organization_logo: '',
  role: '',
};

/** localStorage key under which the selected organisation survives a reload. */
export const ORGANISATION_STORE_KEY = 'qr-platform.organisation';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function loadOrganisationRecord(): OrganisationRecord {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ORGANISATION_STORE_KEY) ?? 'null');
    if (stored === null || typeof stored !== 'object') return emptyOrganisationRecord;
    const record = stored as Record<string, unknown>;
    return {
      org_id: text(record['org_id']),
      org_name: text(record['org_name']),
      organization_logo: text(record['organization_logo']),
      role: text(record['role']),
    };
  } catch {
    return emptyOrganisationRecord;
  }
}

function storeOrganisationRecord(record: OrganisationRecord): void {
  try {
    if (record.org_id === '') localStorage.removeItem(ORGANISATION_STORE_KEY);
    else localStorage.setItem(ORGANISATION_STORE_KEY, JSON.stringify(record));
  } catch {
    // Storage may be unavailable (private mode); the record still lives for this visit.
  }
}

export interface OrganisationRecordState {
  record: OrganisationRecord;
  set: (record: OrganisationRecord) => void;
  reset: () => void;
}

const OrganisationRecordContext = createContext<OrganisationRecordState | null>(null);

export function OrganisationRecordProvider({ children }: { children: ReactNode }) {
  const [record, setRecord] = useState(loadOrganisationRecord);

  const set = useCallback((next: OrganisationRecord) => {
    storeOrganisationRecord(next);
    setRecord(next);
  }, []);
  const reset = useCallback(() => set(emptyOrganisationRecord), [set]);
  const value = useMemo(() => ({ record, set, reset }), [record, set, reset]);

  return <OrganisationRecordContext.Provider value={value}>{children}</OrganisationRecordContext.Provider>;
}

/** The selected organisation and its setters; only inside OrganisationRecordProvider. */
export function useOrganisationRecord(): OrganisationRecordState {
  const state = useContext(OrganisationRecordContext);
  if (state === null) throw new Error('useOrganisationRecord() is used outside the OrganisationRecordProvider');
  return state;
}
