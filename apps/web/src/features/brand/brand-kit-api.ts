import { OrganizationView, type UpdateBrandKitBody } from '@qr/contracts';
import { call } from '../../api/api-call';

const brandKitPath = (orgId: string) => `/api/v1/organizations/${encodeURIComponent(orgId)}/brand-kit`;

export const brandKitApi = {
  /** Replaces the whole kit: the editor always holds every field, so there is nothing to merge. */
  update: (orgId: string, body: UpdateBrandKitBody) => call(OrganizationView, brandKitPath(orgId), { method: 'PUT', body: JSON.stringify(body) }),
};
