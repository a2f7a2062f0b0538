import { Slider, Text } from '@mantine/core';
import { useId } from 'react';

/** A slider with its name and value written above it, the visible text naming the thumb for screen readers. */
export function LabelledSlider({
  label,
  value,
  min,
  max,
  unit,
  disabled = false,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={id}>
        {label}: {value}
        {unit}
      </Text>
      <Slider
        min={min}
        max={max}
        value={value}
        onChange={onChange}
        label={(at) => `${at}${unit}`}
        disabled={disabled}
        thumbProps={{ 'aria-labelledby': id }}
        mt="xs"
      />
    </div>
  );
}
