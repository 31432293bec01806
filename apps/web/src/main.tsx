// The app's start (boot.ts imports it once the boot screen has painted): mounts the providers
// and the router into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { businessProfileQueryOptions } from './lib/business-profile.ts';
import { viewerQueryOptions } from './lib/viewer.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

const queryClient = createQueryClient();
// Every page's HTML preloads these two answers (apps/server/src/lib/index-html.ts): read them
// now, on every page, so a preloaded answer is used at once and never mistaken later for a fresh
// one (after signing in, a page that had not read /api/me yet would get the signed-out answer).
void queryClient.prefetchQuery(viewerQueryOptions());
void queryClient.prefetchQuery(businessProfileQueryOptions());

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </Providers>
  </StrictMode>,
);
