/** localStorage key of the chosen colour scheme (spec §2: store name theme-store). */
export const THEME_STORE_KEY = 'theme-store';
