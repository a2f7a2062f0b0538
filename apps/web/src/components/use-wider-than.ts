import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at least the theme's `breakpoint` wide, known at the first render: layouts
 * that move a part (not only hide it) must not draw the phone layout first and then jump.
 */
export function useWiderThan(breakpoint: MantineBreakpoint): boolean {
  const query = `(min-width: ${useMantineTheme().breakpoints[breakpoint]})`;
  return useMediaQuery(query, window.matchMedia(query).matches, { getInitialValueInEffect: false });
}
