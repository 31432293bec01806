// Routes of the auth feature, merged into the app's route table by src/app/router.tsx.
import type { RouteObject } from 'react-router';

/** Pages inside the public layout (top bar + footer). */
export const authLayoutRoutes: RouteObject[] = [];

/** Full-page screens outside the public layout. */
export const authStandaloneRoutes: RouteObject[] = [];
