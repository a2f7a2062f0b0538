import { Fieldset, Radio, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { BRAND_FONTS, ButtonStyle, DEFAULT_THEME_STYLE, fontStack, FontId, type ThemeColours, type ThemeStyle } from '@qr/contracts';
import { useState } from 'react';
import { fontFaceCss } from '../visitor';
import { LabelledSlider } from './labelled-slider';
import { ThemeColourInput } from './theme-colour-input';

const COLOUR_FIELDS: { key: keyof ThemeColours; label: string; description: string }[] = [
  { key: 'primary', label: 'Primary', description: 'Buttons and links' },
  { key: 'accent', label: 'Accent', description: 'Highlights and the focus ring' },
  { key: 'text', label: 'Text', description: 'Headings and body text' },
  { key: 'background', label: 'Background', description: 'Behind the page and inside inputs' },
];

const BUTTON_STYLES: { value: ButtonStyle; label: string }[] = [
  { value: 'filled', label: 'Filled' },
  { value: 'outline', label: 'Outline' },
  { value: 'pill', label: 'Pill' },
];

const FONT_OPTIONS = (['sans-serif', 'serif'] as const).map((category) => ({
  group: category === 'serif' ? 'Serif' : 'Sans-serif',
  items: BRAND_FONTS.filter((font) => font.category === category).map((font) => ({ value: font.id, label: font.family })),
}));

// Every shipped face, declared once for the editor: a browser fetches a face only when text uses it,
// so an option list drawn in its own fonts costs a download only when it is opened.
const ALL_FONT_FACES = fontFaceCss(BRAND_FONTS.map((font) => font.id));

function SchemeFields({
  scheme,
  colours,
  disabled,
  onChange,
}: {
  scheme: 'light' | 'dark';
  colours: ThemeColours;
  disabled: boolean;
  onChange(colours: ThemeColours): void;
}) {
  const name = scheme === 'light' ? 'Light' : 'Dark';
  return (
    <Fieldset legend={`${name} colours`} variant="unstyled">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {COLOUR_FIELDS.map((field) => (
          <ThemeColourInput
            key={field.key}
            label={field.label}
            scheme={scheme}
            description={field.description}
            value={colours[field.key]}
            disabled={disabled}
            onChange={(colour) => onChange({ ...colours, [field.key]: colour })}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

function FontSelect({ label, value, disabled, onChange }: { label: string; value: FontId; disabled: boolean; onChange(font: FontId): void }) {
  return (
    <Select
      label={label}
      disabled={disabled}
      data={FONT_OPTIONS}
      value={value}
      allowDeselect={false}
      onChange={(picked) => {
        const font = FontId.safeParse(picked);
        if (font.success) onChange(font.data);
      }}
      styles={{ input: { fontFamily: fontStack(value) } }}
      renderOption={({ option }) => <span style={{ fontFamily: fontStack(option.value as FontId) }}>{option.label}</span>}
    />
  );
}

/**
 * Edits a theme's look: its light colours and, when switched on, a dark version for visitors whose
 * phone prefers dark; a heading and a body font from the shipped families, each offered in its own
 * face; corner radius and button style. Whether the colours pass contrast is the caller's to show,
 * because what the text sits on (a page's gradient or image) is the caller's too.
 */
export function ThemeStyleEditor({ value, disabled = false, onChange }: { value: ThemeStyle; disabled?: boolean; onChange(style: ThemeStyle): void }) {
  // Switching the dark version off and on again brings back the colours it had.
  const [lastDark, setLastDark] = useState<ThemeColours>(value.dark ?? DEFAULT_THEME_STYLE.dark!);
  return (
    <Stack gap="md">
      <style>{ALL_FONT_FACES}</style>
      <SchemeFields scheme="light" colours={value.light} disabled={disabled} onChange={(light) => onChange({ ...value, light })} />
      <Switch
        label="Also a dark version"
        description="Shown to visitors whose phone is set to dark mode."
        checked={value.dark !== null}
        disabled={disabled}
        onChange={(event) => {
          if (event.currentTarget.checked) onChange({ ...value, dark: lastDark });
          else {
            if (value.dark) setLastDark(value.dark);
            onChange({ ...value, dark: null });
          }
        }}
      />
      {value.dark && <SchemeFields scheme="dark" colours={value.dark} disabled={disabled} onChange={(dark) => onChange({ ...value, dark })} />}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <FontSelect label="Heading font" value={value.heading_font} disabled={disabled} onChange={(heading_font) => onChange({ ...value, heading_font })} />
        <FontSelect label="Body font" value={value.body_font} disabled={disabled} onChange={(body_font) => onChange({ ...value, body_font })} />
      </SimpleGrid>
      <LabelledSlider
        label="Corner radius"
        value={value.radius}
        min={0}
        max={24}
        unit=" px"
        disabled={disabled}
        onChange={(radius) => onChange({ ...value, radius })}
      />
      <Radio.Group
        label="Button style"
        value={value.button_style}
        readOnly={disabled}
        onChange={(picked) => {
          const style = ButtonStyle.safeParse(picked);
          if (style.success) onChange({ ...value, button_style: style.data });
        }}
      >
        <SimpleGrid cols={3} mt="xs">
          {BUTTON_STYLES.map((style) => (
            <Radio key={style.value} value={style.value} label={style.label} disabled={disabled} />
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
