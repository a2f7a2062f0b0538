import { TextInput, type TextInputProps } from '@mantine/core';
import { withWebScheme } from './web-address';

type WebAddressInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'inputMode'> & { value: string; onChange: (value: string) => void };

/** A text input for a web address: a bare "example.com/menu" gets `https://` when the field is left. */
export function WebAddressInput({ value, onChange, ...props }: WebAddressInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="url"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => onChange(withWebScheme(e.currentTarget.value))}
    />
  );
}
