// jsdom has no matchMedia: this one answers no media query, as a phone-width screen does for the
// app's `md:` breakpoint. Undo with vi.unstubAllGlobals().
import { vi } from 'vitest';

export function stubPhoneMedia(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}
