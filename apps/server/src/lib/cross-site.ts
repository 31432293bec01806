// Requests from another site change nothing: a state-changing request that a browser sent from
// a page of another origin is refused before any hook, parser or handler does work. The session
// cookie is SameSite=Lax, which already stops most of these; this closes the rest (same-site
// subdomains, old browsers, forms that navigate) for every route at once, the auth library's too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CROSS_SITE_REFUSED = 'Cross-site request refused.';

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined; // "null" (sandboxed pages, some redirects) or garbage
  }
}

/**
 * Whether the request comes from a page of another origin. Browsers send Origin with every
 * state-changing request; without one, Sec-Fetch-Site still tells a browser's cross-site request
 * apart. A request with neither (curl, server-to-server calls, webhooks, tests) is not from a
 * browser page and goes on to the usual checks. Origin "null" is opaque: a sandboxed page of any
 * site, but also a plain form posted to its own site under a strict referrer policy (the local
 * checkout's card form), so only Sec-Fetch-Site "same-origin" lets it through.
 */
function isCrossSiteRequest(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin === 'null') return site !== 'same-origin';
  if (origin !== undefined) return originOf(origin) !== appOrigin;
  return site === 'cross-site' || site === 'same-site';
}

/** Refuses cross-site POST, PUT, PATCH and DELETE with 403 FORBIDDEN; `appUrl` is APP_URL. */
export function installCrossSiteGuard(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  // A callback hook: most requests are reads, and they should not pay for a promise here.
  app.addHook('onRequest', (request, _reply, done) => {
    if (STATE_CHANGING.has(request.method) && isCrossSiteRequest(request, appOrigin)) {
      done(new AppError('FORBIDDEN', CROSS_SITE_REFUSED));
      return;
    }
    done();
  });
}
