// What other features use of brand: the organisation screen's brand kit section, and the page builder's
// theme panel with the contrast problems a page's save refuses, and the organisation's brand kit.
export { BrandKitSection } from './brand-kit-section';
export { pageThemeProblems, PageThemePanel } from './page-theme-panel';
export { useBrandKit } from './use-brand-kit';
