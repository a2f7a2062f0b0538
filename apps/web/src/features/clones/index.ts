// What other features use of clones: a code's copy menu and list of clones, and the query keys to refresh.
export { cloneKeys } from './clones-api';
export { CodeClones, CodeCopyMenu } from './code-copy-menu';
