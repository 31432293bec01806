// The pages the web app has: the one list of their paths. The web app links and redirects with
// `PATHS`; the server answers an address that is not one of them with HTTP 404 (and the app's own
// "not found" page) instead of 200. The web app's router test keeps this list and the router in
// step: a page added to one and not the other fails it.
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  adminPortal: '/admin-portal',
  techPortal: '/tech-portal',
  adminSetup: '/admin-setup',
  userCleanup: '/user-cleanup',
  services: '/services',
  booking: '/booking',
  checkoutSuccess: '/checkout-success',
  adminDashboard: '/admin',
  adminServices: '/admin/services',
  adminBusinessProfile: '/admin/business-profile',
  adminUsers: '/admin/users',
  profile: '/profile',
  adminTechnicians: '/admin/technicians',
  setTechnicianPassword: '/set-technician-password',
  technicianOnboarding: '/technician-onboarding',
  technicianDashboard: '/technician-dashboard',
  /** The same dashboard under the portal (both exist). */
  techPortalDashboard: '/tech-portal/dashboard',
  adminAppointments: '/admin/appointments',
  /** The manager appointments screen (manager, admin, super_admin). */
  managerAppointments: '/manager/appointments',
  adminAnalytics: '/admin/analytics',
  metricTodayAppointments: '/admin/metrics/today-appointments',
  metricActiveTechnicians: '/admin/metrics/active-technicians',
  metricCompletionRate: '/admin/metrics/completion-rate',
  metricServiceTime: '/admin/metrics/service-time',
} as const;

export const WEB_ROUTE_PATHS: readonly string[] = Object.values(PATHS);

const known = new Set<string>(WEB_ROUTE_PATHS);

/** True when the path (query string ignored, one trailing slash allowed) is a page of the app. */
export function isWebRoute(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return known.has(pathname) || (pathname.endsWith('/') && known.has(pathname.slice(0, -1)));
}
