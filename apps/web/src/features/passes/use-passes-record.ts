import { can } from '@qr/domain';
import { isRole, useOrganizationRecord } from '../organization';

/** Passes belong to DESIGN.md's loyalty context: who may write loyalty may design, issue and void passes. */
export function usePassesRecord() {
  const { record } = useOrganizationRecord();
  return { orgId: record.org_id, writable: isRole(record.role) && can.write('loyalty', record.role) };
}
