import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// Mantine reads media queries and observes element sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => undefined;

// React Router encodes URLs with these at import time; jsdom leaves them out.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The data router makes a Request for every navigation (it would hand it to loaders, which the app
// has none of); jsdom has no fetch API, so a navigation needs only what the router reads of one.
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? new AbortController().signal;
  }
}
if (typeof globalThis.Request === 'undefined') Object.assign(globalThis, { Request: NavigationRequest });

// Screens are lazy chunks: on a busy CI machine the first import of one can take seconds, longer
// than testing-library's 1 s default wait for something to appear.
configure({ asyncUtilTimeout: 10_000 });
