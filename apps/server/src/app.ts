// Builds the Fastify application: plugins, access control, feature routes, static web app.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { createReadCheck, installAccessControl } from './lib/access.ts';
import type { AppContext, AppInstance } from './app-context.ts';
import { createAuth, sessionCookieName } from './lib/auth.ts';
import { installCrossSiteGuard } from './lib/cross-site.ts';
import { createIndexHtml } from './lib/index-html.ts';
import { installEmbeddedMaintenance } from './lib/embedded-maintenance.ts';
import { installIdempotency } from './lib/idempotency.ts';
import { rateLimitStore } from './lib/rate-limit-store.ts';
import { installInputGuard } from './lib/input-guard.ts';
import { installReadCache, serializeCachedOnce } from './lib/read-cache.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import type { ReadCacheOptions } from './lib/read-cache.ts';
import type { Env } from './lib/env.ts';
import { systemClock } from './lib/clock.ts';
import type { Clock } from './lib/clock.ts';
import {
  AppError,
  errorBody,
  installErrorHandling,
  notFoundBody,
  sendFrameworkError,
} from './lib/errors.ts';
import { isStaffRole } from '@pitstop/shared/permissions';
import { appointmentsRoutes } from './features/appointments/routes.ts';
import { myVisitsRoutes } from './features/visits/my-routes.ts';
import { visitBalanceRoutes } from './features/visits/balance-routes.ts';
import { installReminderPlanning, visitMessageRoutes } from './features/visits/message-routes.ts';
import { visitsRoutes } from './features/visits/routes.ts';
import { garageVehicleForVisit } from './features/vehicles/visit-vehicle.ts';
import { visitCancelRoutes } from './features/visits/cancel-routes.ts';
import { readRatedVisits } from './features/visits/rating-request.ts';
import { ratingsRoutes } from './features/ratings/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createViewerResolver } from './features/auth/service.ts';
import { isWebRoute } from '@pitstop/shared/web-routes';
import { checkoutRoutes } from './features/booking/checkout-routes.ts';
import { installCheckoutReconciliation } from './features/booking/hold-sweep.ts';
import { bookingRoutes } from './features/booking/routes.ts';
import { businessRoutes } from './features/business/routes.ts';
import { isStaffTwoFactorRequired } from './features/business/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { servicesRoutes } from './features/services/routes.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { mailboxRoutes } from './features/notifications/mailbox-routes.ts';
import { localCheckoutRoutes } from './features/payments/local-checkout-routes.ts';
import { createPaymentGateway } from './features/payments/service.ts';
import { OutboxSender } from './features/notifications/sender.ts';
import { businessTimeZone, senderAddress, sendEmail } from './features/notifications/service.ts';
import { createSmsProvider } from './features/notifications/sms.ts';
import { twilioRoutes } from './features/notifications/twilio-routes.ts';
import { passwordResetEmail } from './features/notifications/templates.ts';
import { setupRoutes } from './features/setup/routes.ts';
import { SetupCode } from './features/setup/setup-code.ts';
import { profileRoutes } from './features/users/profile-routes.ts';
import { usersRoutes } from './features/users/routes.ts';
import { vehiclesRoutes } from './features/vehicles/routes.ts';
import { dueSoonRoutes } from './features/vehicles/due-soon-routes.ts';
import { installMaintenanceReminders } from './features/vehicles/maintenance-reminders.ts';
import { vehicleHistoryRoutes } from './features/vehicles/history-routes.ts';
import { technicianInvitationRoutes } from './features/technicians/invitation-routes.ts';
import { revokeInvitationTokens } from './features/technicians/invitation-tokens.ts';
import { techniciansRoutes } from './features/technicians/routes.ts';
import { dispatchRoutes } from './features/technicians/dispatch-routes.ts';
import { technicianWorkRoutes } from './features/technicians/work-routes.ts';
import {
  createDefaultProfile,
  recordPasswordChosen,
  revokePasswordResetLinks,
} from './features/users/service.ts';
import { serializeRequest } from './lib/log-redaction.ts';

// From apps/server/src (tsx) and apps/server/dist (the bundle `npm start` runs) alike.
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  env: Env;
  database: Database;
  /** Serve the built web app (on by default when it has been built). */
  serveWeb?: boolean;
  /** Where the built web app is (tests point this at a fixture). */
  webDist?: string;
  /** Run the background e-mail sender (on by default when SMTP_URL is set). */
  startSender?: boolean;
  /** How the in-memory reads behave (lib/read-cache.ts); tests writing rows directly sync. */
  readCache?: ReadCacheOptions;
  /** "Now" for the business rules (the system clock; the API tests pin one). */
  clock?: Clock;
}

export async function buildApp({
  env,
  database,
  serveWeb,
  webDist = WEB_DIST,
  startSender,
  readCache,
  clock = systemClock,
}: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger:
      env.nodeEnv === 'test'
        ? false
        : {
            level: env.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            serializers: { req: serializeRequest },
          },
    bodyLimit: 256 * 1024,
    // Believe X-Forwarded-For only from the configured number of proxy hops (TRUST_PROXY).
    trustProxy: (_address: string, hop: number) => hop < (env.trustProxy ?? 0),
    return503OnClosing: true,
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeCachedOnce(serializerCompiler));
  const sender =
    env.smtpUrl && (startSender ?? true)
      ? new OutboxSender(database.db, {
          smtpUrl: env.smtpUrl,
          from: () => senderAddress(database.db, env),
          texts: createSmsProvider(env),
          timeZone: () => businessTimeZone(database.db),
          log: app.log,
        })
      : undefined;
  const auth = createAuth(env, database.db, {
    async sendPasswordReset({ email, url }) {
      await sendEmail(database.db, env, email, (mail) => passwordResetEmail(mail, { link: url }));
      sender?.nudge();
    },
    afterUserCreated: (user) => createDefaultProfile(database.db, user.id, user.name),
    // A new password ends every other way in: reset links and invitation links alike. Its owner
    // chose it (a reset or a change), so onboarding offers to keep it.
    afterPasswordChanged: async (userId) => {
      await revokePasswordResetLinks(database.db, userId);
      await revokeInvitationTokens(database.db, userId);
      await recordPasswordChosen(database.db, userId);
    },
    log(level, message, args) {
      app.log[level]({ source: 'auth', args }, message);
    },
  });
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    auth,
    routes: [],
    sender,
    setupCode: new SetupCode(database.db, !env.isLocalOnly),
    payments: createPaymentGateway(env, database.db, app.log),
    clock,
  };
  app.decorate('ctx', ctx);
  await installReadCache(app, database, readCache);
  if (sender) {
    app.addHook('onReady', async () => sender.start());
    // Shutdown waits for a message being sent right now.
    app.addHook('onClose', async () => sender.stop());
  }
  installErrorHandling(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: env.isProduction && env.appUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: env.isProduction && env.appUrl.startsWith('https:'),
    // Helmet's default, no-referrer, makes Chromium send `Origin: null` with a plain form post to
    // this same site (the local checkout); this policy keeps the origin and still sends other
    // sites no path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // After helmet (so the refusal carries the security headers), before everything else.
  installCrossSiteGuard(app, env.appUrl);
  await app.register(rateLimit, {
    // Route limits count in the database (shared by every instance), the global one in memory.
    store: rateLimitStore(database.db),
    // RATE_LIMIT_PER_MINUTE=0: no global limit (routes' own limits, e.g. sign-in, still apply).
    global: env.rateLimitPerMinute > 0,
    max: env.rateLimitPerMinute,
    // The API only: a page's scripts and styles (38 files for /booking) would otherwise spend a
    // visitor's minute, and many visitors behind one address (a carrier's NAT) share it.
    allowList: (request) => !request.url.startsWith('/api/'),
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody(
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
    }),
  });
  installInputGuard(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pitstop API',
        version: '0.1.0',
        description: 'Booking, payments and operations for a mobile car-maintenance business.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // No staticCSP: it would replace helmet's policy on the docs pages (adding
  // upgrade-insecure-requests over plain http). Swagger UI runs under helmet's policy as is:
  // its page loads only same-origin scripts and styles, and the validator badge is off.
  const resolveViewer = createViewerResolver(auth, database.db, sessionCookieName(env));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The API's map helps an attacker more than a customer: in production, staff only.
    uiHooks: env.isProduction
      ? {
          onRequest: async (request, reply) => {
            const viewer = await resolveViewer(request, reply);
            if (!viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
            if (!isStaffRole(viewer.role)) {
              throw new AppError('FORBIDDEN', 'You do not have permission to do that.');
            }
          },
        }
      : {},
  });

  const accessOptions = {
    isStaffSecondFactorRequired: () => isStaffTwoFactorRequired(database.db),
  };
  ctx.routes = installAccessControl(app, resolveViewer, accessOptions);
  // Routes declaring `config.idempotent` apply a change sent again with its key once.
  installIdempotency(app, database.db, env.nodeEnv);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(businessRoutes);
  await app.register(appointmentsRoutes);
  await app.register(visitsRoutes, { garageVehicle: garageVehicleForVisit });
  await app.register(visitCancelRoutes);
  await app.register(myVisitsRoutes);
  await app.register(visitBalanceRoutes);
  await app.register(visitMessageRoutes);
  await app.register(bookingRoutes);
  await app.register(checkoutRoutes);
  installCheckoutReconciliation(app);
  installReminderPlanning(app);
  installEmbeddedMaintenance(app);
  await app.register(servicesRoutes);
  await app.register(setupRoutes);
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(vehiclesRoutes);
  await app.register(dueSoonRoutes);
  installMaintenanceReminders(app);
  await app.register(vehicleHistoryRoutes);
  await app.register(techniciansRoutes);
  await app.register(dispatchRoutes);
  await app.register(technicianInvitationRoutes);
  await app.register(technicianWorkRoutes);
  await app.register(metricsRoutes);
  await app.register(ratingsRoutes, { readVisits: readRatedVisits });
  await app.register(mailboxRoutes);
  await app.register(twilioRoutes);
  // The built-in checkout's page exists only while it is the gateway in use.
  if (ctx.payments.provider === 'local') await app.register(localCheckoutRoutes);

  if (serveWeb ?? existsSync(path.join(webDist, 'index.html'))) {
    await serveWebApp(app, webDist, createReadCheck(resolveViewer, accessOptions, ctx.routes));
  } else {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(notFoundBody(request.method, request.url));
    });
  }
  return app;
}

/**
 * Serves the built single-page app; unknown non-API paths get index.html (client routing), naming
 * the API reads its visitor may make (`mayRead`).
 */
async function serveWebApp(
  app: AppInstance,
  root: string,
  mayRead: ReturnType<typeof createReadCheck>,
): Promise<void> {
  const indexHtml = createIndexHtml(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed build assets never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    const wantsFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (wantsFile) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // The app renders its own "not found" page; the status tells crawlers and monitors the truth.
    if (!isWebRoute(request.url)) reply.status(404);
    const html = await indexHtml(request.url, (path) => mayRead(request, reply, path));
    // Its API preloads depend on who asks.
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
