// What other contexts use of codes: their reads of the codes read model, a new code's id, a code's
// links, the queries of a code and of a list, and the checks and drawing of a design.
// code-reads comes before codes.queries: a list narrowed to a folder asks folders, which inject
// CodeReads from here while this file is still loading (context-indexes.spec.ts keeps it so).
export { newCodeId } from './code-id';
export { codeNotFound, CodeReads } from './code-reads';
export { publicLinkOf, qrUrlOf } from './code-views';
export { assertPhotoStored } from './codes.handlers';
export { GetCode, ListCodes } from './codes.queries';
export { QrImages } from './qr-images';
