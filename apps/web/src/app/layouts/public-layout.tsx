// The shared public layout: top bar, page, and the footer everywhere but /admin.
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

export function PublicLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const showFooter = !pathname.startsWith('/admin');

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-background px-4 py-2 font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Feedback while the next page's code loads; pages keep showing until it arrives. */}
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-400"
          aria-hidden="true"
        />
      )}
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {showFooter && <SiteFooter />}
      <ScrollRestoration />
    </div>
  );
}
