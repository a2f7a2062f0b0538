// What other features use of visitor: the "behind the code" panel and a public code's field reader.
export { BehindTheCode } from './behind-the-code';
export { field } from './public-code-api';
export { fontFaceCss, VisitorThemeScope } from './visitor-theme';
