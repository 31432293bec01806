// Test setup for the web project: DOM matchers, unmounting between tests, jsdom gaps, and the
// API doubles (MSW): every request is answered by test/msw, and one it has no handler for fails
// the test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetApiState, server, takeApiProblems } from './msw/server.ts';

// jsdom has no layout, so scrolling (used by <ScrollRestoration>) is a no-op here.
window.scrollTo = () => {};

// Lazy pages and their first reads take more than findBy's default second on a busy machine
// (CI runs the suites side by side): wait up to five before calling a test failed.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

// RTL's automatic cleanup needs vitest globals, which we keep off. Unmount first, so no page
// asks the API anything after its state is gone; then fail the test if a double went wrong.
afterEach(() => {
  // Toasts live in sonner's module-wide store: one left showing would appear in the next test.
  toast.dismiss();
  cleanup();
  const [problem] = takeApiProblems();
  server.resetHandlers();
  resetApiState();
  if (problem) throw problem;
});

afterAll(() => {
  server.close();
});
