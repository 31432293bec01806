// Security headers on every answer. Helmet decides them, once at start-up: they never depend on
// the request here. (@fastify/helmet rebuilt Helmet, parsing the whole policy, on every request.)
//
// A page (HTML, scripts, styles, images, the API docs) gets Helmet's full set: the content
// security policy and the rest. A JSON answer is never rendered as a page, so most of those mean
// nothing on it; it gets the set OWASP's REST Security Cheat Sheet names for APIs — no sniffing,
// no framing, no cross-origin reads (Cross-Origin-Resource-Policy), a policy that allows
// nothing, and HSTS in production — which also spares every API call a dozen header writes
// (about a quarter of a cached read's time).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

export function installSecurityHeaders(app: FastifyInstance, pageOptions: HelmetOptions): void {
  const page = Object.entries(headersSetBy(helmet(pageOptions)));
  const json = Object.entries({
    // An answer may hold someone's data: no browser or proxy keeps it.
    'cache-control': 'no-store',
    ...headersSetBy(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        },
        xFrameOptions: { action: 'deny' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        xContentTypeOptions: true,
        hsts: pageOptions.hsts ?? true,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        referrerPolicy: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
    ),
  });
  // On send, when the answer's type is known; error answers and not-found pages included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isJson = typeof type === 'string' && type.startsWith('application/json');
    // A route's own choice stands (a photo's stricter policy, a calendar file's caching).
    for (const [name, value] of isJson ? json : page) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}

/** The headers a Helmet middleware sets, read by running it once against a recording stand-in. */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
