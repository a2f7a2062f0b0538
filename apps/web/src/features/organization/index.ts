// What other features use of organization: the current organization's record, the role check, the
// switcher and the terms prompt of the admin layout, and the query keys a brand kit save refreshes.
export { isRole, organizationKeys } from './organization-api';
export { ORGANIZATION_STORE_KEY, OrganizationRecordProvider, useOrganizationRecord } from './organization-record';
export { CreateOrganizationPrompt, OrganizationSwitcher, useMyOrganizations } from './organization-switcher';
export { TermsPrompt } from './terms-prompt';
