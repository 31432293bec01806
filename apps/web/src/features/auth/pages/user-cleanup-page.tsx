// User Cleanup (/user-cleanup, super_admin only, typed confirmation): deletes every account so that
// first-admin setup opens again. Afterwards the caller is signed out too, and goes to /admin-setup.
import { PATHS } from '@pitstop/shared/web-routes';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { can } from '@pitstop/shared/permissions';
import { cleanupSchema } from '@pitstop/shared/users/forms';
import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/rules';
import { ArrowLeft, ShieldAlert, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useUserCleanup } from '../api.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';

const TITLE = 'User Cleanup';

const backToHome = (
  <ShellLink to={PATHS.home}>
    <ArrowLeft aria-hidden="true" />
    Back to Home
  </ShellLink>
);

export function UserCleanupPage() {
  const { viewer, isLoading } = useViewer();
  // Set when the deletion starts: the session it clears must not bounce this page to /login.
  const [hasStarted, setHasStarted] = useState(false);

  if (isLoading) {
    return (
      <AuthShell tone="staff" title={TITLE} icon={<ShieldAlert />} footer={backToHome}>
        <LoadingState className="min-h-32" />
      </AuthShell>
    );
  }
  if (!viewer && !hasStarted) return <Navigate to={PATHS.login} replace />;
  if (viewer && !can(viewer.role, 'user:cleanup')) {
    return (
      <AuthShell
        tone="staff"
        title={TITLE}
        icon={<ShieldAlert />}
        description="Only a super admin can delete all users. Your account does not have that permission."
      >
        <Button asChild size="lg" className="w-full">
          <Link to={PATHS.home}>Back to Home</Link>
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      tone="staff"
      wide
      eyebrow="Super admin"
      title={TITLE}
      icon={<ShieldAlert />}
      description="Start over with no accounts, as on a fresh installation."
      footer={backToHome}
    >
      <CleanupForm onStart={() => setHasStarted(true)} />
    </AuthShell>
  );
}

function CleanupForm({ onStart }: { onStart: () => void }) {
  const cleanup = useUserCleanup();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(cleanupSchema),
    defaultValues: { confirmation: '' as typeof CLEANUP_CONFIRMATION },
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' });
  const { errors, isSubmitting } = form.formState;
  const matches = typed === CLEANUP_CONFIRMATION;

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    onStart();
    try {
      const { deleted } = await cleanup.mutateAsync();
      toast(
        `Deleted ${deleted} ${deleted === 1 ? 'account' : 'accounts'}. Create the first admin to start again.`,
      );
      await navigate(PATHS.adminSetup, { replace: true });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="space-y-2">
          <p className="font-semibold">Every account will be deleted, including yours.</p>
          <ul className="list-disc space-y-1 pl-4">
            <li>
              Customers, technicians, managers, admins and super admins lose their sign-in, profile
              and saved vehicles.
            </li>
            <li>Everyone is signed out, you as well.</li>
            <li>
              Appointments, orders, services and the business profile stay, no longer linked to an
              account.
            </li>
          </ul>
          <p>This cannot be undone. Afterwards, Admin Setup creates the first super admin again.</p>
        </div>
      </div>
      <FormMessage outcome={outcome} />
      <FormField
        id="cleanup-confirmation"
        label={
          <>
            Type <span className="font-mono font-semibold">{CLEANUP_CONFIRMATION}</span> to confirm
          </>
        }
        error={errors.confirmation?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            {...form.register('confirmation')}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        variant="destructive"
        className="w-full"
        disabled={!matches || isSubmitting}
      >
        {isSubmitting ? <Spinner /> : <Trash2 aria-hidden="true" />}
        Delete All Users
      </Button>
    </form>
  );
}
