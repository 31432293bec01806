// The pages of people with an account (the profile, every staff screen, the technician's own
// screens), in a chunk of their own: the router adds them on the first navigation to one of their
// addresses (router.tsx), so a visitor to the public pages never downloads their route table.
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { adminRoutes } from '../features/admin/routes.tsx';
import { businessRoutes } from '../features/business/routes.tsx';
import { metricsRoutes } from '../features/metrics/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { technicianWorkRoutes } from '../features/technician-work/routes.tsx';
import { techniciansRoutes } from '../features/technicians/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';

// One line per feature.
const FEATURES = [
  profileRoutes,
  adminRoutes,
  businessRoutes,
  usersRoutes,
  techniciansRoutes,
  technicianWorkRoutes,
  metricsRoutes,
];

export function createAccountRoutes(queryClient: QueryClient): FeatureRoutes[] {
  return FEATURES.map((routes) => routes(queryClient));
}
