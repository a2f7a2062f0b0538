import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  PAGE_THEME_PRESETS,
  themeContrastProblems,
  type ContrastProblem,
  type PageTheme,
  type PageThemePreset,
  type ThemeStyle,
  type VisitorTheme,
} from '@qr/contracts';
import { useState } from 'react';
import { ContrastReport } from './contrast-report';
import { PageBackgroundFields } from './page-background-fields';
import { ThemeThumbnail } from './theme-preview';
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

/** A preset as its thumbnail draws it; none is an image, which would need a link to be drawn. */
const thumbnailTheme = ({ style, background }: PageThemePreset): VisitorTheme => ({
  ...style,
  background: background.kind === 'image' ? { kind: 'colour' } : background,
});

/** The brand kit as a starting point among the presets: an own theme that begins as the kit and is then tweaked. */
const BRAND_KIT_START = 'brand_kit';

function PresetPicker({ value, brandKit, onPick }: { value: string | null; brandKit: ThemeStyle; onPick(theme: CustomTheme): void }) {
  const kit: PageThemePreset = { id: BRAND_KIT_START, label: 'Your brand kit', style: brandKit, background: { kind: 'colour' } };
  return (
    <Radio.Group
      label="Start from a preset"
      description="Picking one replaces the colours, fonts and background below."
      value={value ?? BRAND_KIT_START}
      onChange={(picked) => {
        if (picked === BRAND_KIT_START) onPick({ source: 'custom', preset: null, style: brandKit, background: { kind: 'colour' } });
        const preset = PAGE_THEME_PRESETS.find((candidate) => candidate.id === picked);
        if (preset) onPick(fromPreset(preset));
      }}
    >
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} mt="xs" spacing="sm">
        {[kit, ...PAGE_THEME_PRESETS].map((preset) => (
          <Radio.Card key={preset.id} value={preset.id} radius="md" p={6} aria-label={preset.label}>
            <Stack gap={6}>
              <ThemeThumbnail theme={thumbnailTheme(preset)} />
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

function OwnTheme({ value, brandKit, onChange }: { value: CustomTheme; brandKit: ThemeStyle; onChange(theme: CustomTheme): void }) {
  return (
    <Stack gap="lg">
      <PresetPicker value={value.preset} brandKit={brandKit} onPick={onChange} />
      <ThemeStyleEditor value={value.style} onChange={(style) => onChange({ ...value, style })} />
      <PageBackgroundFields value={value.background} style={value.style} onChange={(background) => onChange({ ...value, background })} />
      <ContrastReport problems={themeContrastProblems(value.style, value.background)} />
    </Stack>
  );
}

/**
 * A page's theme in the builder: the organisation's brand kit, followed as it changes, or a look of
 * the page's own, started from a designed preset and edited. Going back to the brand kit and on to
 * an own theme again keeps the own theme's edits for as long as the builder is open. The builder's
 * own preview shows the result, so the panel draws only the presets' thumbnails.
 */
export function PageThemePanel({ value, onChange, brandKit }: { value: PageTheme; onChange(theme: PageTheme): void; brandKit: ThemeStyle }) {
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
        <OwnTheme value={value} brandKit={brandKit} onChange={onChange} />
      ) : (
        <Text size="sm">The page follows the organisation’s brand kit, also when the kit changes later. The kit is set on the organisation screen.</Text>
      )}
    </Stack>
  );
}
