import { TextEncoder } from 'node:util';

// jsdom's window has no TextEncoder, which lean-qr takes when it loads (before a spec's own code
// runs); Node's is the same API. Specs in Node's environment have their own.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder });
