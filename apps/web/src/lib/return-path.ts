// Where /login returns to after signing in: the page that sent the visitor there, given as
// `location.state.from` (a navigation inside the app) or `?next=` (a redirect from a route
// loader, which cannot carry state). Only a path on this site is followed, never another origin
// (docs/decisions/018-login-returns-to-its-page.md).
import { PATHS } from '@pitstop/shared/web-routes';

const MAX_LENGTH = 2000;
// A placeholder origin to resolve against: if the result leaves it, the path named another site.
const HERE = 'https://pitstop.invalid';

/** `value` as a same-origin path (`/booking?service=x`), or null when it is anything else. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // '//evil.com' and '/\evil.com' are other hosts to a browser; control characters (a tab, a
  // newline) are dropped by URL parsers, so '/\t/evil.com' would become '//evil.com'.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  // Dot segments collapse after the checks above: '/..//evil.com' resolves to '//evil.com'.
  if (url.pathname.startsWith('//')) return null;
  // Back to the sign-in page itself would only show it again.
  if (url.pathname === PATHS.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path of a /login visit: `state.from` first, then `?next=`; null when neither is safe. */
export function returnPathOf(location: { state: unknown; search: string }): string | null {
  const { state } = location;
  const from =
    state && typeof state === 'object' && 'from' in state
      ? (state as { from: unknown }).from
      : null;
  return safeReturnPath(from) ?? safeReturnPath(new URLSearchParams(location.search).get('next'));
}

/** /login with `?next=` set to `path`, for redirects that cannot carry navigation state. */
export function loginPathReturningTo(path: string): string {
  return `${PATHS.login}?${new URLSearchParams({ next: path })}`;
}
