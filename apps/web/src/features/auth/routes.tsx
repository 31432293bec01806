// Routes of the auth feature, merged into the app's route table by src/app/router.tsx. Every
// auth screen is a full page of its own (no public top bar or footer), each a lazy chunk.
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../app/page-loader.tsx';

/** Pages inside the public layout (top bar + footer). */
export const authLayoutRoutes: RouteObject[] = [];

/** Full-page screens outside the public layout. */
export const authStandaloneRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
  },
  {
    path: 'signup',
    lazy: async () => ({ Component: (await import('./pages/signup-page.tsx')).SignupPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('./pages/forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('./pages/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    path: 'admin-portal',
    lazy: async () => ({
      Component: (await import('./pages/admin-portal-page.tsx')).AdminPortalPage,
    }),
  },
  {
    // The technician login; /tech-portal/dashboard arrives with the technician screens.
    path: 'tech-portal',
    lazy: async () => ({
      Component: (await import('./pages/tech-portal-page.tsx')).TechPortalPage,
    }),
  },
  {
    path: 'admin-setup',
    lazy: async () => ({
      Component: (await import('./pages/admin-setup-page.tsx')).AdminSetupPage,
    }),
  },
  {
    path: 'user-cleanup',
    lazy: async () => ({
      Component: (await import('./pages/user-cleanup-page.tsx')).UserCleanupPage,
    }),
  },
].map((route) => ({ HydrateFallback: PageLoader, ...route }));
