// `window.location.assign` cannot be spied on in jsdom (the property is not configurable), but
// `window.location` itself can be replaced: this puts a location with a recording `assign` in
// place for one test. The rest reads through to the real one.
import { onTestFinished, vi } from 'vitest';

export function stubLocationAssign() {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'location')!;
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  const stub = {
    assign,
    replace: (url: string | URL) => real.replace(url),
    reload: () => real.reload(),
    toString: () => real.href,
  };
  for (const key of [
    'href',
    'origin',
    'protocol',
    'host',
    'hostname',
    'port',
    'pathname',
    'search',
    'hash',
  ] as const) {
    Object.defineProperty(stub, key, { get: () => real[key], enumerable: true });
  }
  Object.defineProperty(window, 'location', { configurable: true, value: stub });
  onTestFinished(() => {
    Object.defineProperty(window, 'location', descriptor);
  });
  return assign;
}
