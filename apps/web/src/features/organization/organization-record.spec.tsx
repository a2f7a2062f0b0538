import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { emptyOrganizationRecord, ORGANIZATION_STORE_KEY, OrganizationRecordProvider, useOrganizationRecord } from './organization-record';

const wrapper = ({ children }: { children: ReactNode }) => <OrganizationRecordProvider>{children}</OrganizationRecordProvider>;
const acme = { org_id: 'org-1', org_name: 'Acme', organization_logo: 'https://example.com/logo.png', role: 'owner' };

beforeEach(() => localStorage.clear());

test('the organization record is all empty strings by default', () => {
  const { result } = renderHook(() => useOrganizationRecord(), { wrapper });
  expect(result.current.record).toEqual({ org_id: '', org_name: '', organization_logo: '', role: '' });
  expect(emptyOrganizationRecord).toEqual(result.current.record);
});

test('the record can be set, survives a reload, and resets to empty', () => {
  const first = renderHook(() => useOrganizationRecord(), { wrapper });
  act(() => first.result.current.set(acme));
  expect(first.result.current.record).toEqual(acme);
  first.unmount();

  const reloaded = renderHook(() => useOrganizationRecord(), { wrapper });
  expect(reloaded.result.current.record).toEqual(acme);

  act(() => reloaded.result.current.reset());
  expect(reloaded.result.current.record).toEqual(emptyOrganizationRecord);
  expect(localStorage.getItem(ORGANIZATION_STORE_KEY)).toBeNull();
});

test('a damaged stored record reads as empty', () => {
  localStorage.setItem(ORGANIZATION_STORE_KEY, '{not json');
  const { result } = renderHook(() => useOrganizationRecord(), { wrapper });
  expect(result.current.record).toEqual(emptyOrganizationRecord);
});
