// Toasts (never `alert()`). Pages import `toast` from here, not from sonner, whose code (the toast
// calls and the toaster, one module) is no part of a page's first download: it loads once the
// page has loaded and the browser is idle, or with the first toast if that comes sooner, and
// that first toast mounts the app's toaster (app/providers.tsx). A page that never toasts — the
// home page — never downloads it.
import type * as SonnerModule from 'sonner';
import { markToasterNeeded } from './toaster-demand.ts';

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']>[0];
type Options = Parameters<Sonner['toast']>[1];

let sonner: Promise<Sonner> | undefined;

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    // Offline, say: the next toast tries again.
    sonner = undefined;
    throw error;
  });
  return sonner;
}

/** Runs `task` once the page has loaded and the browser has a moment. */
function afterLoadWhenIdle(task: () => void) {
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(task, { timeout: 2_000 })
      : setTimeout(task, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// Ahead of the first toast, so that one shown after the connection dropped still has its code.
afterLoadWhenIdle(() => void loadSonner().catch(() => {}));

/** Shows a toast once sonner is here; the toaster is mounted only then, as it needs the code. */
function show(call: (sonnerToast: Sonner['toast']) => void) {
  void loadSonner().then(
    ({ toast: sonnerToast }) => {
      markToasterNeeded();
      call(sonnerToast);
    },
    // No code and no connection: nothing can show it.
    () => {},
  );
}

/** A plain toast; `toast.success`, `toast.error` and `toast.info` for the tones. */
export function toast(message: Message, options?: Options) {
  show((sonnerToast) => sonnerToast(message, options));
}
toast.success = (message: Message, options?: Options) => {
  show((sonnerToast) => sonnerToast.success(message, options));
};
toast.error = (message: Message, options?: Options) => {
  show((sonnerToast) => sonnerToast.error(message, options));
};
toast.info = (message: Message, options?: Options) => {
  show((sonnerToast) => sonnerToast.info(message, options));
};
