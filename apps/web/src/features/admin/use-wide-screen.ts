// Whether the window is wide enough for a table (Tailwind's lg, 1024 px): narrower, the
// appointment tables become stacked rows. One layout is rendered at a time, so every control
// exists once for keyboards and screen readers.
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (tests' jsdom), the table.
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
