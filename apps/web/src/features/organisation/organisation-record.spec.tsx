import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  emptyOrganisationRecord,
  ORGANISATION_STORE_KEY,
  OrganisationRecordProvider,
  useOrganisationRecord,
} from './organisation-record';

const wrapper = ({ children }: { children: ReactNode }) => <OrganisationRecordProvider>{children}</OrganisationRecordProvider>;
const acme = { org_id: 'org-1', org_name: 'Acme', organization_logo: 'https://example.com/logo.png', role: 'owner' };

beforeEach(() => localStorage.clear());

test('the organisation record is all empty strings by default', () => {
  const { result } = renderHook(() => useOrganisationRecord(), { wrapper });
  expect(result.current.record).toEqual({ org_id: '', org_name: '', organization_logo: '', role: '' });
  expect(emptyOrganisationRecord).toEqual(result.current.record);
});

test('the record can be set, survives a reload, and resets to empty', () => {
  const first = renderHook(() => useOrganisationRecord(), { wrapper });
  act(() => first.result.current.set(acme));
  expect(first.result.current.record).toEqual(acme);
  first.unmount();

  const reloaded = renderHook(() => useOrganisationRecord(), { wrapper });
  expect(reloaded.result.current.record).toEqual(acme);

  act(() => reloaded.result.current.reset());
  expect(reloaded.result.current.record).toEqual(emptyOrganisationRecord);
  expect(localStorage.getItem(ORGANISATION_STORE_KEY)).toBeNull();
});

test('a damaged stored record reads as empty', () => {
  localStorage.setItem(ORGANISATION_STORE_KEY, '{not json');
  const { result } = renderHook(() => useOrganisationRecord(), { wrapper });
  expect(result.current.record).toEqual(emptyOrganisationRecord);
});
