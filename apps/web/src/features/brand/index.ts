// What other features use of brand: the brand kit section of the organisation screen and the page theme panel.
export { BrandKitSection } from './brand-kit-section';
