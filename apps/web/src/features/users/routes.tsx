// Routes of the users feature, merged into the app's route table by src/app/router.tsx.
import type { RouteObject } from 'react-router';

/** Pages inside the public layout (top bar + footer). */
export const usersLayoutRoutes: RouteObject[] = [];

/** Full-page screens outside the public layout. */
export const usersStandaloneRoutes: RouteObject[] = [];
