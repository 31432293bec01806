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
  /** A visit's one-time rating link (`:token` is the link's credential). */
  rateVisit: '/rate/:token',
  /** A maintenance reminder e-mail's one-click stop link (the signature is its credential). */
  stopReminders: '/reminders/stop/:vehicleId/:signature',
} as const;

export const WEB_ROUTE_PATHS: readonly string[] = Object.values(PATHS);

const known = new Set<string>(WEB_ROUTE_PATHS.filter((pagePath) => !pagePath.includes(':')));
// A page with a parameter (`/rate/:token`) matches one segment of letters, digits, - and _ there.
const patterns = WEB_ROUTE_PATHS.filter((pagePath) => pagePath.includes(':')).map(
  (pagePath) => new RegExp(`^${pagePath.replace(/:\w+/g, '[\\w-]+')}$`),
);

function isPage(pathname: string): boolean {
  return known.has(pathname) || patterns.some((pattern) => pattern.test(pathname));
}

/** True when the path (query string ignored, one trailing slash allowed) is a page of the app. */
export function isWebRoute(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return isPage(pathname) || (pathname.endsWith('/') && isPage(pathname.slice(0, -1)));
}
