// The entry index.html names. The HTML paints the boot screen by itself: the app's stylesheet is
// preloaded rather than render-blocking (build/route-preloads.ts), so a phone shows the brand as
// soon as the page arrives instead of a round trip later. Once the stylesheet has loaded and the
// boot screen has painted, the app starts (main.tsx), its code preloaded by the HTML meanwhile.
import './index.css';

/** Applies the stylesheets the HTML preloads; resolves when each has loaded or failed. */
function applyPreloadedStyles(): Promise<unknown> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = preload.crossOrigin;
          link.href = preload.href;
          link.onload = link.onerror = resolve;
          preload.after(link);
        }),
    ),
  );
}

/** Resolves once the boot screen has been painted; in a tab that is not painting, soon anyway. */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    // A frame callback runs just before its paint, and the task it queues runs after it.
    requestAnimationFrame(() => setTimeout(resolve));
    // A tab hidden meanwhile paints no frame.
    setTimeout(resolve, 100);
  });
}

await Promise.all([applyPreloadedStyles(), afterFirstPaint()]);
await import('./main.tsx');
