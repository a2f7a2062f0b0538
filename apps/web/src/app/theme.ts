import { createTheme, DEFAULT_THEME, type ModalProps } from '@mantine/core';
import type { DateInputProps, DatePickerInputProps, DatePickerProps } from '@mantine/dates';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from './date-bounds';

const datePickerBounds = { minDate: DATE_PICKER_MIN, maxDate: DATE_PICKER_MAX };

// Defaults are set by component name rather than with `DateInput.extend(...)`: importing the
// components here would pull the date pickers and Modal into every visitor's first download.
export const theme = createTheme({
  primaryColor: 'blue',
  colors: {
    secondary: DEFAULT_THEME.colors.violet,
    info: DEFAULT_THEME.colors.teal,
    neutral: DEFAULT_THEME.colors.gray,
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif' },
  // Spec §9 widths 600, 900, 1200 and 1536 px, in em at 16 px; xs starts at zero.
  breakpoints: { xs: '0em', sm: '37.5em', md: '56.25em', lg: '75em', xl: '96em' },
  components: {
    Modal: { defaultProps: { size: 'sm', shadow: 'xl' } satisfies Partial<ModalProps> },
    DateInput: { defaultProps: datePickerBounds satisfies Partial<DateInputProps> },
    DatePickerInput: { defaultProps: datePickerBounds satisfies Partial<DatePickerInputProps> },
    DatePicker: { defaultProps: datePickerBounds satisfies Partial<DatePickerProps> },
  },
});
