// The pages the web app has, so the server can answer an unknown address with HTTP 404 (and the
// app's own "not found" page) instead of 200. The web app's router test keeps this list and the
// router in step: a page added to one and not the other fails it.
export const WEB_ROUTE_PATHS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/admin-portal',
  '/tech-portal',
  '/admin-setup',
  '/user-cleanup',
  '/services',
  '/admin',
  '/admin/services',
  '/admin/business-profile',
  '/admin/users',
] as const;

const known = new Set<string>(WEB_ROUTE_PATHS);

/** True when the path (query string ignored, one trailing slash allowed) is a page of the app. */
export function isWebRoute(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return known.has(pathname) || (pathname.endsWith('/') && known.has(pathname.slice(0, -1)));
}
