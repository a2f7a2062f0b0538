import { ColorInput, VisuallyHidden } from '@mantine/core';
import { HexColour } from '@qr/contracts';
import { useState } from 'react';

/** #rgb is CSS's shorthand for #rrggbb; the contract takes only the long form. */
function colourOf(typed: string): string | null {
  const parsed = HexColour.safeParse(typed.trim().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/i, '#$1$1$2$2$3$3'));
  return parsed.success ? parsed.data : null;
}

/**
 * One colour of a theme, picked or typed. The theme takes a colour as soon as it is a whole one, so
 * the preview and the contrast check follow the typing; leaving the field puts back the theme's
 * colour over a half-typed one. `scheme`, when given, is said to screen readers ("Primary (dark)")
 * because the light and dark fields carry the same visible labels under their own headings.
 */
export function ThemeColourInput({
  label,
  scheme,
  description,
  value,
  disabled = false,
  onChange,
}: {
  label: string;
  scheme?: 'light' | 'dark';
  description?: string;
  value: string;
  disabled?: boolean;
  onChange(colour: string): void;
}) {
  const [typed, setTyped] = useState(value);
  const [held, setHeld] = useState(value);
  // The theme changed from elsewhere (a preset): show it, unless what is typed already means it.
  if (held !== value) {
    setHeld(value);
    if (colourOf(typed) !== value) setTyped(value);
  }
  const name = scheme ? `${label} (${scheme})` : label;
  return (
    <ColorInput
      label={
        <>
          {label}
          {scheme && <VisuallyHidden> ({scheme})</VisuallyHidden>}
        </>
      }
      description={description}
      format="hex"
      // Mantine would otherwise put back its own last valid colour, which includes #ffff and rgb().
      fixOnBlur={false}
      eyeDropperButtonProps={{ 'aria-label': `Pick ${name} from the screen` }}
      value={typed}
      disabled={disabled}
      onChange={(next) => {
        setTyped(next);
        const colour = colourOf(next);
        if (colour !== null && colour !== value) onChange(colour);
      }}
      onBlur={() => setTyped((current) => colourOf(current) ?? value)}
    />
  );
}
