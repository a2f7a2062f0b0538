// What other features use of codes: the API client and its query keys, a file download, a code's
// row, card actions and QR image, and a design drawn as SVG.
export { codeKeys, codesApi, saveFile, svgSource } from './codes-api';
export { CodeActions, CodeNameLink, CodeRow, StatusBadge } from './code-screens';
export { QrImage } from './qr-image';
