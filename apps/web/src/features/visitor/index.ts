// What other features use of visitor: a public code's field reader, and the frame, theme, code
// loader and thank-you screen every visitor page is drawn in.
export { field } from './public-code-api';
export { PublicCode } from './public-code-screens';
export { ThankYou, ThankYouScreen } from './thank-you-screen';
export { VisitorFrame } from './visitor-frame';
export { fontFaceCss, VisitorThemeScope } from './visitor-theme';
