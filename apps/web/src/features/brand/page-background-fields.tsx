import { Radio, Stack } from '@mantine/core';
import { blend, type PageBackground, type ThemeStyle } from '@qr/contracts';
import { useState } from 'react';
import { ImageUploadButton } from '../uploads';
import { LabelledSlider } from './labelled-slider';
import { ThemeColourInput } from './theme-colour-input';

const KINDS: { value: PageBackground['kind']; label: string }[] = [
  { value: 'colour', label: 'The theme’s background colour' },
  { value: 'gradient', label: 'A gradient' },
  { value: 'image', label: 'An image' },
];

/**
 * What is behind a page's content: the theme's own background colour, a gradient, or an uploaded
 * image under a tinted overlay that keeps text readable. An image is only chosen once one is uploaded,
 * so the page never holds an image background without an image.
 */
export function PageBackgroundFields({ value, style, onChange }: { value: PageBackground; style: ThemeStyle; onChange(background: PageBackground): void }) {
  // Picking "An image" shows the upload button; the background is an image only once one is uploaded.
  const [awaitingImage, setAwaitingImage] = useState(false);
  const shown = awaitingImage ? 'image' : value.kind;
  const pick = (kind: PageBackground['kind']) => {
    setAwaitingImage(kind === 'image' && value.kind !== 'image');
    if (kind === 'colour') onChange({ kind: 'colour' });
    // A gentle start: the theme's background fading into a tint of its accent.
    if (kind === 'gradient' && value.kind !== 'gradient')
      onChange({ kind: 'gradient', from: style.light.background, to: blend(style.light.accent, style.light.background, 0.15), angle: 180 });
  };
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Background"
        value={shown}
        onChange={(picked) => {
          const kind = KINDS.find((option) => option.value === picked);
          if (kind) pick(kind.value);
        }}
      >
        <Stack gap="xs" mt="xs">
          {KINDS.map((kind) => (
            <Radio key={kind.value} value={kind.value} label={kind.label} />
          ))}
        </Stack>
      </Radio.Group>
      {value.kind === 'gradient' && (
        <>
          <ThemeColourInput label="Gradient from" value={value.from} onChange={(from) => onChange({ ...value, from })} />
          <ThemeColourInput label="Gradient to" value={value.to} onChange={(to) => onChange({ ...value, to })} />
          <LabelledSlider label="Gradient angle" value={value.angle} min={0} max={359} unit="°" onChange={(angle) => onChange({ ...value, angle })} />
        </>
      )}
      {shown === 'image' && (
        <ImageUploadButton
          what="background image"
          uploaded={value.kind === 'image'}
          onUploaded={(blob_id) => {
            setAwaitingImage(false);
            onChange(value.kind === 'image' ? { ...value, blob_id } : { kind: 'image', blob_id, overlay: style.light.background, overlay_opacity: 0.7 });
          }}
        />
      )}
      {value.kind === 'image' && (
        <>
          <ThemeColourInput
            label="Overlay colour"
            description="Laid over the image so text stays readable"
            value={value.overlay}

            onChange={(overlay) => onChange({ ...value, overlay })}
          />
          <LabelledSlider
            label="Overlay opacity"
            value={Math.round(value.overlay_opacity * 100)}
            min={0}
            max={100}
            unit="%"
            onChange={(percent) => onChange({ ...value, overlay_opacity: percent / 100 })}
          />
        </>
      )}
    </Stack>
  );
}
