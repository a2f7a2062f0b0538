import { ColorInput, NumberInput } from '@mantine/core';
import { QrDesign } from '@qr/contracts';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * What a designer field shows while it is typed in. The design takes only values the contract
 * accepts, each at once, so the preview follows the typing and is never asked for a design the
 * server refuses. Leaving the field shows the value the design holds, so a half-typed or refused
 * entry never stays on screen while another value is previewed and saved.
 */
function useDesignDraft<Typed, Value extends Typed>(value: Value, accept: (typed: Typed) => Value | null, onChange: (value: Value) => void) {
  const [typed, setTyped] = useState<Typed>(value);
  const [held, setHeld] = useState(value);
  // The design changed (a preset, or this field's own accepted value): show it, unless what is
  // typed already means it, as "#fff" does "#ffffff" while someone types on to "#fff000".
  if (held !== value) {
    setHeld(value);
    if (accept(typed) !== value) setTyped(value);
  }
  return {
    value: typed,
    onChange: (next: Typed) => {
      setTyped(next);
      const accepted = accept(next);
      if (accepted !== null && accepted !== value) onChange(accepted);
    },
    // Functional: Mantine's own blur handling (a number clamped into range) is queued just before.
    onBlur: () => setTyped((current) => accept(current) ?? value),
  };
}

const HexColour = QrDesign.shape.foreground.unwrap();

/** #rgb is CSS's shorthand for #rrggbb; the contract takes only the long form. */
function colourOf(typed: string): string | null {
  const parsed = HexColour.safeParse(typed.trim().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/i, '#$1$1$2$2$3$3'));
  return parsed.success ? parsed.data : null;
}

/**
 * A colour of the design, picked or typed as #rrggbb or #rgb; anything else goes back to the
 * design's colour when the field is left. `optional`: the field may be emptied, passed on as ''.
 */
export function DesignColourInput({
  label,
  description,
  value,
  optional = false,
  onChange,
}: {
  label: string;
  description?: string;
  value: string;
  optional?: boolean;
  onChange: (colour: string) => void;
}) {
  const draft = useDesignDraft(value, (typed: string) => (optional && typed.trim() === '' ? '' : colourOf(typed)), onChange);
  // fixOnBlur off: Mantine would put back its own last valid colour, which includes #ffff and rgb().
  // The eye-dropper button shows only an icon: without a name, a screen reader announces a bare "button".
  return (
    <ColorInput
      label={label}
      description={description}
      format="hex"
      fixOnBlur={false}
      eyeDropperButtonProps={{ 'aria-label': `Pick the ${label.toLowerCase()} from the screen` }}
      {...draft}
    />
  );
}

/**
 * A whole number of the design within the contract's bounds: a number out of them is brought into
 * them when the field is left, and an emptied field shows the design's number again.
 */
export function DesignNumberInput({
  label,
  description,
  schema,
  step,
  value,
  onChange,
}: {
  label: string;
  description?: string;
  schema: z.ZodNumber;
  step?: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const draft = useDesignDraft<number | string, number>(
    value,
    (typed) => {
      const parsed = schema.safeParse(typed);
      return parsed.success ? parsed.data : null;
    },
    onChange,
  );
  return (
    <NumberInput
      label={label}
      description={description}
      min={schema.minValue ?? undefined}
      max={schema.maxValue ?? undefined}
      step={step}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      {...draft}
    />
  );
}
