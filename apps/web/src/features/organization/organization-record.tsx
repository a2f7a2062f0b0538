import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec §3 "Organisation record (client-held)": all text, all empty by default; it can be set or reset. */
export interface OrganizationRecord {
  org_id: string;
  org_name: string;
  organization_logo: string;
  role: string;
}

export const emptyOrganizationRecord: OrganizationRecord = {
  org_id: '',
  org_name: '',
  organization_logo: '',
  role: '',
};

/** localStorage key under which the selected organization survives a reload. */
export const ORGANIZATION_STORE_KEY = 'qr-platform.organisation';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function loadOrganizationRecord(): OrganizationRecord {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ORGANIZATION_STORE_KEY) ?? 'null');
    if (stored === null || typeof stored !== 'object') return emptyOrganizationRecord;
    const record = stored as Record<string, unknown>;
    return {
      org_id: text(record['org_id']),
      org_name: text(record['org_name']),
      organization_logo: text(record['organization_logo']),
      role: text(record['role']),
    };
  } catch {
    return emptyOrganizationRecord;
  }
}

function storeOrganizationRecord(record: OrganizationRecord): void {
  try {
    if (record.org_id === '') localStorage.removeItem(ORGANIZATION_STORE_KEY);
    else localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify(record));
  } catch {
    // Storage may be unavailable (private mode); the record still lives for this visit.
  }
}

export interface OrganizationRecordState {
  record: OrganizationRecord;
  set: (record: OrganizationRecord) => void;
  reset: () => void;
}

const OrganizationRecordContext = createContext<OrganizationRecordState | null>(null);

export function OrganizationRecordProvider({ children }: { children: ReactNode }) {
  const [record, setRecord] = useState(loadOrganizationRecord);

  const set = useCallback((next: OrganizationRecord) => {
    storeOrganizationRecord(next);
    setRecord(next);
  }, []);
  const reset = useCallback(() => set(emptyOrganizationRecord), [set]);
  const value = useMemo(() => ({ record, set, reset }), [record, set, reset]);

  return <OrganizationRecordContext.Provider value={value}>{children}</OrganizationRecordContext.Provider>;
}

/** The selected organization and its setters; only inside OrganizationRecordProvider. */
export function useOrganizationRecord(): OrganizationRecordState {
  const state = useContext(OrganizationRecordContext);
  if (state === null) throw new Error('useOrganizationRecord() is used outside the OrganizationRecordProvider');
  return state;
}
