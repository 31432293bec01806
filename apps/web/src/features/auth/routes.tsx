// Routes of the auth feature: every auth screen is a full page of its own (no public top bar or
// footer), each a lazy chunk.
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';

// The setup page asks the server itself on every visit (another browser may finish setup at any
// moment), so its route has no prefetch: a prefetched answer would be asked for twice.
export const authRoutes: FeatureRoutesFactory = () => ({
  standalone: [
    {
      path: PATHS.login,
      lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
    },
    {
      path: PATHS.signup,
      lazy: async () => ({ Component: (await import('./pages/signup-page.tsx')).SignupPage }),
    },
    {
      path: PATHS.forgotPassword,
      lazy: async () => ({
        Component: (await import('./pages/forgot-password-page.tsx')).ForgotPasswordPage,
      }),
    },
    {
      path: PATHS.resetPassword,
      lazy: async () => ({
        Component: (await import('./pages/reset-password-page.tsx')).ResetPasswordPage,
      }),
    },
    {
      path: PATHS.adminPortal,
      lazy: async () => ({
        Component: (await import('./pages/admin-portal-page.tsx')).AdminPortalPage,
      }),
    },
    {
      // The technician login; /tech-portal/dashboard arrives with the technician screens.
      path: PATHS.techPortal,
      lazy: async () => ({
        Component: (await import('./pages/tech-portal-page.tsx')).TechPortalPage,
      }),
    },
    {
      path: PATHS.adminSetup,
      lazy: async () => ({
        Component: (await import('./pages/admin-setup-page.tsx')).AdminSetupPage,
      }),
    },
    {
      path: PATHS.userCleanup,
      lazy: async () => ({
        Component: (await import('./pages/user-cleanup-page.tsx')).UserCleanupPage,
      }),
    },
  ],
});
