// Route guards mirroring spec section 6: who may open a page, and where everyone else goes.
// The server enforces the same rules on every request; this only decides what to render.
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Viewer } from '../api';
import { useViewer } from '../api';

export interface RouteGuardProps {
  /** Whether the signed-in viewer may see the page. */
  allow: (viewer: Viewer) => boolean;
  /** Where a signed-out visitor goes. */
  signedOutTo: string;
  /** Where a signed-in viewer who is not allowed goes. */
  deniedTo: string;
}

export function RouteGuard({ allow, signedOutTo, deniedTo }: RouteGuardProps) {
  const { viewer, isLoading } = useViewer();
  const location = useLocation();
  if (isLoading) {
    return (
      <div
        role="status"
        aria-live="polite"
        className="flex min-h-[40vh] items-center justify-center text-slate-600"
      >
        Loading…
      </div>
    );
  }
  if (!viewer) return <Navigate to={signedOutTo} replace state={{ from: location.pathname }} />;
  if (!allow(viewer)) return <Navigate to={deniedTo} replace />;
  return <Outlet />;
}
