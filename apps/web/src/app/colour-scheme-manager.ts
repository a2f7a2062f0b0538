import { localStorageColorSchemeManager } from '@mantine/core';
import { THEME_STORE_KEY } from './theme-store-key';

export const colourSchemeManager = localStorageColorSchemeManager({ key: THEME_STORE_KEY });
