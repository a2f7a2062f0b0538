import { Box, Group, Image, Text } from '@mantine/core';
import { DEFAULT_THEME_STYLE, type PublicOrganization, type VisitorTheme } from '@qr/contracts';
import type { ReactNode } from 'react';
import { VisitorThemeScope } from './visitor-theme';

/** What a visitor page is drawn in before it knows whose it is: the platform's default, plain. */
export const NEUTRAL_VISITOR_THEME: VisitorTheme = { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } };

/** The organisation's logo and name, which is all of the frame a visitor sees of whose page this is. */
function OrganizationHeader({ organization }: { organization: PublicOrganization }) {
  return (
    <Group component="header" gap="sm" wrap="nowrap" py="md">
      {/* The name beside it says who: the logo adds nothing for a screen reader. */}
      {organization.logo && <Image src={organization.logo} alt="" h={40} w="auto" maw={120} fit="contain" />}
      <Text fw={700}>{organization.name}</Text>
    </Group>
  );
}

/**
 * Every visitor page's frame: the organisation's logo and name over its content, in its theme, and
 * nothing of this platform (no header, toggle or version). Without an organisation yet (loading, an
 * unknown code) it is the same frame, plain.
 */
export function VisitorFrame({ organization, theme, children }: { organization?: PublicOrganization; theme?: VisitorTheme; children: ReactNode }) {
  return (
    <VisitorThemeScope theme={theme ?? organization?.theme ?? NEUTRAL_VISITOR_THEME} style={{ minHeight: '100dvh' }}>
      <Box maw={560} mx="auto" px="md" pb="xl">
        {organization ? <OrganizationHeader organization={organization} /> : <Box h="md" />}
        <Box component="main">{children}</Box>
      </Box>
    </VisitorThemeScope>
  );
}
