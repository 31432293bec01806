// Entry point: mounts the providers and the router into #root.
// First, so that no schema is built before zod is told not to probe for eval (see the module).
import './configure-zod.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </Providers>
  </StrictMode>,
);
