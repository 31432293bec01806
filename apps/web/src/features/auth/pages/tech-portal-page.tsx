// Technician portal login (/tech-portal): a technician goes to the dashboard once onboarded,
// otherwise to onboarding. Anyone else is signed out again. Its own screen: no public top bar or
// footer.
import { PATHS } from '@pitstop/shared/web-routes';
import { ArrowLeft, Wrench } from 'lucide-react';
import { Navigate } from 'react-router';
import { homeRedirectFor } from '../../../lib/role-homes.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { usePortalSignIn } from '../components/use-portal-sign-in.ts';
import { decideTechnicianPortal } from '../portal-decisions.ts';

export function TechPortalPage() {
  const { viewer } = useViewer();
  const { outcome, submit, submitCode } = usePortalSignIn(decideTechnicianPortal);

  const technicianHome = homeRedirectFor(viewer);
  if (technicianHome) return <Navigate to={technicianHome} replace />;

  return (
    <AuthShell
      tone="staff"
      eyebrow="Technicians"
      title="Technician Portal"
      icon={<Wrench />}
      description="Sign in to see today's jobs, update their status and manage your working days."
      footer={
        <ShellLink to={PATHS.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </ShellLink>
      }
    >
      <SignInForm idPrefix="tech-portal" outcome={outcome} onSignIn={submit} onCode={submitCode} />
    </AuthShell>
  );
}
