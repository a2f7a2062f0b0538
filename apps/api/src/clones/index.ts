// What other contexts use of clones: the one path that copies a code with its pages (templates use it).
export { CodeCopies } from './code-copies';
