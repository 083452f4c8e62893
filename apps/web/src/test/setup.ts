import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia, setViewportWidth } from './matchMedia';

/**
 * RTK Query builds `new Request('/api/…')`. Browsers resolve that against the page; Node's
 * Request (used under jsdom) needs an absolute URL, so relative ones are resolved the same way.
 * jsdom's AbortSignal is not Node's either, so the signal is left out (no test aborts requests).
 */
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
    const { signal: _signal, ...rest } = init ?? {};
    super(url, rest);
  }
}
globalThis.Request = PageRelativeRequest;

installMatchMedia();

// Lazy routes load their chunk on first render; on a cold, busy CI machine that takes more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  setViewportWidth(1280);
  // What one test keeps (the sidebar's state) must not reach the next.
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});
