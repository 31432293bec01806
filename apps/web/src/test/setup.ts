// Test setup for the web project: DOM matchers, unmounting between tests, and jsdom gaps.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so scrolling (used by <ScrollRestoration>) is a no-op here.
window.scrollTo = () => {};

// RTL's automatic cleanup needs vitest globals, which we keep off.
afterEach(() => {
  cleanup();
});
