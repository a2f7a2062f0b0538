import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  PAGE_THEME_PRESETS,
  themeContrastProblems,
  type ContrastProblem,
  type PageBackground,
  type PageTheme,
  type PageThemePreset,
  type ThemeStyle,
  type VisitorTheme,
} from '@qr/contracts';
import { useState } from 'react';
import { useImageUrl } from '../uploads';
import { ContrastReport } from './contrast-report';
import { PageBackgroundFields } from './page-background-fields';
import { onPlainBackground, ThemePreview, ThemeThumbnail } from './theme-preview';
import { ThemeStyleEditor } from './theme-style-editor';

type CustomTheme = Extract<PageTheme, { source: 'custom' }>;

const fromPreset = (preset: PageThemePreset): CustomTheme => ({ source: 'custom', preset: preset.id, style: preset.style, background: preset.background });

/**
 * What a page's save must refuse: the pairs of its own theme that fail WCAG AA over its background.
 * A page on the brand kit has none of its own; the kit is checked where it is saved.
 */
export function pageThemeProblems(theme: PageTheme): ContrastProblem[] {
  return theme.source === 'custom' ? themeContrastProblems(theme.style, theme.background) : [];
}

/** The theme as a visitor's page draws it; an image not yet linked is drawn as its overlay alone. */
function useVisitorTheme(style: ThemeStyle, background: PageBackground): VisitorTheme {
  const url = useImageUrl(background.kind === 'image' ? background.blob_id : null);
  if (background.kind !== 'image') return { ...style, background };
  return { ...style, background: { kind: 'image', url: url ?? '', overlay: background.overlay, overlay_opacity: background.overlay_opacity } };
}

function PresetPicker({ value, onPick }: { value: string | null; onPick(preset: PageThemePreset): void }) {
  return (
    <Radio.Group
      label="Start from a preset"
      description="Picking one replaces the colours, fonts and background below."
      value={value}
      onChange={(picked) => {
        const preset = PAGE_THEME_PRESETS.find((candidate) => candidate.id === picked);
        if (preset) onPick(preset);
      }}
    >
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} mt="xs" spacing="sm">
        {PAGE_THEME_PRESETS.map((preset) => (
          <Radio.Card key={preset.id} value={preset.id} radius="md" p={6} aria-label={preset.label}>
            <Stack gap={6}>
              <ThemeThumbnail theme={{ ...preset.style, background: preset.background }} />
              <Group gap={6} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Text size="sm" fw={500}>
                  {preset.label}
                </Text>
              </Group>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function OwnTheme({ value, onChange, organizationName }: { value: CustomTheme; onChange(theme: CustomTheme): void; organizationName: string }) {
  const theme = useVisitorTheme(value.style, value.background);
  return (
    <Stack gap="lg">
      <PresetPicker value={value.preset} onPick={(preset) => onChange(fromPreset(preset))} />
      <ThemeStyleEditor value={value.style} onChange={(style) => onChange({ ...value, style })} />
      <PageBackgroundFields value={value.background} style={value.style} onChange={(background) => onChange({ ...value, background })} />
      <ContrastReport problems={themeContrastProblems(value.style, value.background)} />
      <ThemePreview theme={theme} organizationName={organizationName} />
    </Stack>
  );
}

/**
 * A page's theme in the builder: the organisation's brand kit, followed as it changes, or a look of
 * the page's own, started from a designed preset and edited. Going back to the brand kit and on to
 * an own theme again keeps the own theme's edits for as long as the builder is open.
 */
export function PageThemePanel({
  value,
  onChange,
  brandKit,
  organizationName = '',
}: {
  value: PageTheme;
  onChange(theme: PageTheme): void;
  brandKit: ThemeStyle;
  organizationName?: string;
}) {
  const [lastOwn, setLastOwn] = useState<CustomTheme>(value.source === 'custom' ? value : fromPreset(PAGE_THEME_PRESETS[0]!));
  return (
    <Stack gap="lg">
      <Radio.Group
        label="This page looks like"
        value={value.source}
        onChange={(source) => {
          if (source === 'brand_kit' && value.source === 'custom') {
            setLastOwn(value);
            onChange({ source: 'brand_kit' });
          }
          if (source === 'custom' && value.source === 'brand_kit') onChange(lastOwn);
        }}
      >
        <Group mt="xs">
          <Radio value="brand_kit" label="Use the brand kit" />
          <Radio value="custom" label="Own theme" />
        </Group>
      </Radio.Group>
      {value.source === 'custom' ? (
        <OwnTheme value={value} onChange={onChange} organizationName={organizationName} />
      ) : (
        <Stack gap="xs">
          <Text size="sm">The page follows the organisation’s brand kit, also when the kit changes later. It is set on the organisation screen.</Text>
          <ThemePreview theme={onPlainBackground(brandKit)} organizationName={organizationName} />
        </Stack>
      )}
    </Stack>
  );
}
