import { Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import type { ThemeStyle, VisitorTheme } from '@qr/contracts';
import { VisitorThemeScope } from '../visitor';

/** A brand kit as a visitor's page draws it: on its own background colour. */
export const onPlainBackground = (style: ThemeStyle): VisitorTheme => ({ ...style, background: { kind: 'colour' } });

/**
 * The theme in one scheme only, whatever the admin's own device prefers: the dark scheme becomes the
 * only one, so a preview can show both side by side through the one theme-to-CSS path visitors get.
 */
function inScheme(theme: VisitorTheme, scheme: 'light' | 'dark'): VisitorTheme {
  return scheme === 'dark' && theme.dark ? { ...theme, light: theme.dark, dark: null } : { ...theme, dark: null };
}

/**
 * A small visitor page in the theme: the organisation, a heading over the accent's rule, text, a
 * link, an input and a button. Drawn, never interactive, so it can sit inside a preset's radio card
 * and no one tabs into a form that goes nowhere. `compact` is a preset thumbnail's few lines.
 */
function SamplePage({ theme, organizationName, logo, compact }: { theme: VisitorTheme; organizationName: string; logo: string; compact: boolean }) {
  return (
    <VisitorThemeScope theme={theme} style={{ borderRadius: 12, minHeight: compact ? 128 : 360 }}>
      <Stack gap={compact ? 6 : 'sm'} p={compact ? 'xs' : 'md'}>
        {!compact && (
          <Group gap="xs" wrap="nowrap">
            {logo !== '' && <Image src={logo} alt="" h={28} w="auto" fit="contain" />}
            <Text size="sm" fw={700}>
              {organizationName}
            </Text>
          </Group>
        )}
        <div>
          <Text ff="heading" fw={700} fz={compact ? 'md' : 'xl'} lh={1.2}>
            {compact ? 'Summer fair' : 'Summer tasting evening'}
          </Text>
          <Box h={3} w={40} mt={4} bg="var(--visitor-accent)" style={{ borderRadius: 2 }} />
        </div>
        <Text size={compact ? 'xs' : 'sm'}>
          {compact ? 'New flavours, one night only.' : 'Join us for an evening of new flavours. Register below and we will send your invitation.'}
        </Text>
        {!compact && (
          <>
            <Text size="sm" c="var(--mantine-color-anchor)" td="underline">
              Read the terms
            </Text>
            <div>
              <Text size="sm" fw={500} mb={4}>
                Email
              </Text>
              <Input component="div" c="var(--mantine-color-placeholder)" style={{ display: 'flex', alignItems: 'center' }}>
                name@example.com
              </Input>
            </div>
          </>
        )}
        <Button component="span" variant="filled" size={compact ? 'xs' : 'sm'} fullWidth={!compact} w={compact ? 'fit-content' : undefined}>
          Register
        </Button>
      </Stack>
    </VisitorThemeScope>
  );
}

/** A preset's thumbnail: the theme in its light scheme, a few lines high. */
export function ThemeThumbnail({ theme }: { theme: VisitorTheme }) {
  return <SamplePage theme={inScheme(theme, 'light')} organizationName="" logo="" compact />;
}

/** The theme on a phone-sized page, in light and, when the theme has one, dark, each captioned. */
export function ThemePreview({ theme, organizationName, logo = '' }: { theme: VisitorTheme; organizationName: string; logo?: string }) {
  const schemes = theme.dark ? (['light', 'dark'] as const) : (['light'] as const);
  return (
    <Group align="flex-start" gap="md">
      {schemes.map((scheme) => (
        <Box component="figure" key={scheme} m={0} w={280} maw="100%">
          <Text component="figcaption" size="sm" fw={500} mb={4}>
            {scheme === 'light' ? 'Preview' : 'Preview in dark mode'}
          </Text>
          <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 14 }}>
            <SamplePage theme={inScheme(theme, scheme)} organizationName={organizationName} logo={logo} compact={false} />
          </Box>
        </Box>
      ))}
    </Group>
  );
}
