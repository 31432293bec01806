// Set Technician Password (/set-technician-password?token=…), reached from the invitation e-mail.
// The link is checked first: an expired, used or forged one says so and offers no form. A good one
// shows whose account it is; a password of 6+ characters typed twice signs the technician in, and 2
// s later onboarding begins.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  invitationTokenSchema,
  setTechnicianPasswordFormSchema,
  type SetTechnicianPasswordForm,
} from '@pitstop/shared/technicians/forms';
import { SET_PASSWORD_REDIRECT_MS, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { technicianHomePath } from '../../../lib/role-homes.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { invitationCheckQueryOptions, useAcceptInvitation } from '../api.ts';
import { PasswordPairFields, usePasswordsReady } from '../components/password-pair-fields.tsx';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';

const toPortal = (
  <ShellLink to={PATHS.techPortal}>
    <ArrowLeft aria-hidden="true" />
    Technician Portal
  </ShellLink>
);

const isSpent = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * The link's token, read once: it leaves the address bar at once so it lingers nowhere visible
 * (history, a shared screen), but stays in this tab's history entry, so a reload still works.
 */
function useLinkToken(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? tokenInState(location.state));
  const hasTokenInUrl = params.has('token');
  useEffect(() => {
    if (!hasTokenInUrl) return;
    void navigate(
      { pathname: location.pathname, hash: location.hash },
      { replace: true, state: { token } },
    );
  }, [hasTokenInUrl, location.pathname, location.hash, navigate, token]);
  return token;
}

function tokenInState(state: unknown): string | null {
  const token = (state as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : null;
}

export function SetPasswordPage() {
  const token = useLinkToken();
  const isWellFormed = token !== null && invitationTokenSchema.safeParse(token).success;
  const check = useQuery({ ...invitationCheckQueryOptions(token ?? ''), enabled: isWellFormed });
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!isWellFormed) return <LinkProblem message={TECHNICIAN_MESSAGES.linkInvalid} />;
  if (refusal) return <LinkProblem message={refusal} />;
  if (check.isError && isSpent(check.error)) {
    return <LinkProblem message={errorMessage(check.error, TECHNICIAN_MESSAGES.linkInvalid)} />;
  }

  return (
    <AuthShell
      tone="staff"
      eyebrow="Technicians"
      title="Set Your Password"
      icon={<KeyRound />}
      description="Choose the password you will sign in with at the Technician Portal."
      footer={toPortal}
    >
      {check.isPending ? (
        <LoadingState label="Checking your invitation…" className="min-h-32" />
      ) : check.isError ? (
        <ErrorState
          title="We couldn't check your invitation"
          message={errorMessage(check.error, 'Please try again in a moment.')}
          onRetry={() => void check.refetch()}
          isRetrying={check.isFetching}
        />
      ) : (
        <SetPasswordForm
          token={token}
          email={check.data.email}
          name={check.data.name}
          onRefused={setRefusal}
        />
      )}
    </AuthShell>
  );
}

/** An expired, used or forged link: the reason, and the way back. No form. */
function LinkProblem({ message }: { message: string }) {
  return (
    <AuthShell
      tone="staff"
      eyebrow="Technicians"
      title="Invitation Link Not Valid"
      icon={<LinkIcon />}
      description={message}
      footer={toPortal}
    >
      <p className="mb-5 text-center text-sm text-muted-foreground">
        Invitation links work once and for 7 days. Ask your manager to send a new invitation, or
        sign in if you have already set your password.
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={PATHS.techPortal}>Go to the Technician Portal</Link>
      </Button>
    </AuthShell>
  );
}

interface SetPasswordFormProps {
  token: string;
  email: string;
  name: string;
  /** The server refused the link itself (spent meanwhile): the page says so instead. */
  onRefused: (message: string) => void;
}

function SetPasswordForm({ token, email, name, onRefused }: SetPasswordFormProps) {
  // Who else may be signed in on this browser: setting the password switches accounts.
  const { viewer } = useViewer();
  const otherAccount = viewer && viewer.email !== email ? viewer.email : null;
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [next, setNext] = useState<string | null>(null);
  const form = useForm<SetTechnicianPasswordForm>({
    resolver: standardSchemaResolver(setTechnicianPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const showServerErrors = useServerErrors(form, ['password', 'confirmPassword']);
  const { isReady } = usePasswordsReady(form);
  const isSaving = accept.isPending;

  // Signed in: onboarding (or, already done, the dashboard) after the spec's 2 s.
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(
      () => void navigate(next, { replace: true }),
      SET_PASSWORD_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { onboardingComplete } = await accept.mutateAsync({ token, ...values });
      setOutcome({
        tone: 'success',
        message: onboardingComplete
          ? 'Password set! Taking you to your dashboard…'
          : "Password set! Next, let's finish your profile…",
      });
      setNext(technicianHomePath({ onboardingComplete }));
    } catch (error) {
      if (isSpent(error)) onRefused(errorMessage(error, TECHNICIAN_MESSAGES.linkInvalid));
      else if (!showServerErrors(error)) {
        setOutcome({ tone: 'error', message: TECHNICIAN_MESSAGES.passwordFailed });
      }
    }
  });

  const isDone = next !== null;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="rounded-lg border border-border bg-muted/60 px-4 py-3 text-sm">
        <p className="text-muted-foreground">Setting the password for</p>
        {name && <p className="font-semibold">{name}</p>}
        <p className="font-medium break-all">{email}</p>
      </div>
      {otherAccount && (
        <p className="text-sm text-muted-foreground">
          You are signed in as <span className="break-all">{otherAccount}</span> on this device.
          Setting this password signs you in as the technician instead.
        </p>
      )}
      <FormMessage outcome={outcome} />
      <fieldset disabled={isSaving || isDone} className="flex flex-col gap-5">
        <PasswordPairFields form={form} idPrefix="set-password" />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={!isReady || isSaving || isDone}>
        {isSaving && <Spinner />}
        {isSaving ? 'Setting Password…' : 'Set Password'}
      </Button>
    </form>
  );
}
