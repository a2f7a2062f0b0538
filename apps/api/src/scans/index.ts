// What other contexts use of scans: a code's entry and a visitor's facts as the scan path finds them
// (analytics events), and the contact file a vCard code hands out (a code's printed content).
export { CodeDirectory } from './code-directory';
export { vcardFile } from './vcard-file';
export { VisitorFactsReader } from './visitor-facts';
