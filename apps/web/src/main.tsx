// The app's start (boot.ts imports it once the boot screen has painted): mounts the providers
// and the router into #root.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { businessProfileQueryOptions } from './lib/business-profile.ts';
import { hasDeviceData } from './lib/device-mark.ts';
import { viewerQueryOptions } from './lib/viewer.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

const queryClient = createQueryClient();
// A technician's phone kept their day for working with no signal: it is back in the cache before
// the first page decides. Only a device that kept something loads this (lib/device-data.ts).
if (hasDeviceData()) await (await import('./lib/persisted-queries.ts')).restoreQueries(queryClient);
// Every page's HTML preloads these two answers (apps/server/src/lib/index-html.ts): read them
// now, on every page, so a preloaded answer is used at once and never mistaken later for a fresh
// one (after signing in, a page that had not read /api/me yet would get the signed-out answer).
void queryClient.prefetchQuery(viewerQueryOptions());
void queryClient.prefetchQuery(businessProfileQueryOptions());

// The first render is a transition, so React renders it in slices that yield to the browser
// every few milliseconds instead of one long task: a phone stays responsive to a tap while the
// page is put together (Lighthouse's Total Blocking Time counts every task over 50 ms).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <AppRouter queryClient={queryClient} />
      </Providers>
    </StrictMode>,
  );
});
