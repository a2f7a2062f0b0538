// What other features use of visitor: a public code's field reader, and the frame, theme and
// thank-you screen every visitor page is drawn in.
export { field } from './public-code-api';
export { ThankYou, ThankYouScreen } from './thank-you-screen';
export { VisitorFrame } from './visitor-frame';
export { fontFaceCss, VisitorThemeScope } from './visitor-theme';
