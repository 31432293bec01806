// Admin portal login (/admin-portal): only manager, admin and super_admin get in, checked against
// the profile role after sign-in; anyone else is signed out with the spec's message. A staff member
// who is already signed in goes straight to /admin.
import { isStaffRole } from '@pitstop/shared/permissions';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Navigate } from 'react-router';
import { useViewer } from '../../../lib/viewer.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { usePortalSignIn } from '../components/use-portal-sign-in.ts';
import { PATHS } from '@pitstop/shared/web-routes';
import { decideAdminPortal } from '../portal-decisions.ts';

export function AdminPortalPage() {
  const { viewer } = useViewer();
  const { outcome, isBusy, submit, submitCode } = usePortalSignIn(decideAdminPortal);

  if (viewer && isStaffRole(viewer.role)) return <Navigate to={PATHS.adminDashboard} replace />;

  return (
    <AuthShell
      tone="staff"
      eyebrow="Staff only"
      title="Admin Portal"
      icon={<ShieldCheck />}
      description="Sign in with your manager or administrator account to open the Admin Dashboard."
      footer={
        <ShellLink to={PATHS.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </ShellLink>
      }
    >
      {viewer && !outcome && !isBusy && (
        <p className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          You are signed in as <span className="font-semibold break-all">{viewer.email}</span>,
          which cannot open the Admin Dashboard. Sign in with an administrative account instead.
        </p>
      )}
      <SignInForm idPrefix="admin-portal" outcome={outcome} onSignIn={submit} onCode={submitCode} />
    </AuthShell>
  );
}
