import { DEFAULT_THEME_STYLE, type ThemeStyle } from '@qr/contracts';
import { useMyOrganizations } from '../organization';

/** The organisation's brand kit as last fetched, or the default while the list of organisations loads. */
export function useBrandKit(orgId: string): ThemeStyle {
  return useMyOrganizations().data?.find((organization) => organization.organization_id === orgId)?.brand_kit ?? DEFAULT_THEME_STYLE;
}
