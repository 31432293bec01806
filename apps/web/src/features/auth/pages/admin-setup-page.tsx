// First-admin setup (/admin-setup): creates the first super admin of a fresh installation. Once a
// super admin exists it shows Setup Complete. On a server others can reach it also asks for the
// one-time setup code from the server log. Success says so and goes to the admin portal after 3
// seconds.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  adminSetupFormSchema,
  SETUP_CODE_REQUIRED,
  type AdminSetupForm,
} from '@pitstop/shared/auth/forms';
import { ArrowLeft, CheckCircle2, ShieldPlus } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '@pitstop/shared/web-routes';
import { errorMessage } from '../../../lib/api.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useAdminSetup, useSetupStatus } from '../api.ts';
import { ADMIN_SETUP_REDIRECT_DELAY_MS, AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';

const FIELDS = ['setupCode', 'name', 'email', 'password', 'confirmPassword'] as const;

const backToHome = (
  <ShellLink to={PATHS.home}>
    <ArrowLeft aria-hidden="true" />
    Back to Home
  </ShellLink>
);

export function AdminSetupPage() {
  const status = useSetupStatus();
  // After success a refetch (window focus) would say Setup Complete; keep the success message.
  const [isCreated, setIsCreated] = useState(false);

  if (status.isPending) {
    return (
      <AuthShell tone="staff" title="Admin Setup" icon={<ShieldPlus />} footer={backToHome}>
        <LoadingState label="Checking setup…" className="min-h-32" />
      </AuthShell>
    );
  }
  if (status.isError) {
    return (
      <AuthShell tone="staff" title="Admin Setup" icon={<ShieldPlus />} footer={backToHome}>
        <ErrorState
          title="Could not check setup"
          message={AUTH_MESSAGES.setupCheckFailed}
          onRetry={() => void status.refetch()}
          isRetrying={status.isFetching}
        />
      </AuthShell>
    );
  }
  if (!status.data.available && !isCreated) return <SetupComplete />;

  return (
    <AuthShell
      tone="staff"
      eyebrow="First start"
      title="Admin Setup"
      icon={<ShieldPlus />}
      description="Create the first super admin account. It can then add managers, admins, technicians and other users."
      footer={backToHome}
    >
      <AdminSetupFormView
        isCodeRequired={status.data.codeRequired === true}
        onCreated={() => setIsCreated(true)}
      />
    </AuthShell>
  );
}

function SetupComplete() {
  return (
    <AuthShell
      tone="staff"
      title="Setup Complete"
      icon={<CheckCircle2 />}
      description="An administrator account already exists. Sign in through the Admin Portal to manage the business."
      footer={backToHome}
    >
      <Button asChild size="lg" className="w-full">
        <Link to={PATHS.adminPortal}>Go to Admin Portal</Link>
      </Button>
    </AuthShell>
  );
}

const schemaResolver = standardSchemaResolver(adminSetupFormSchema);

/**
 * The shared schema's rules, plus the setup code when the server asks for one: checked with the
 * other fields, so every message shows at once and the first invalid field takes the focus.
 */
function withSetupCode(isCodeRequired: boolean): Resolver<AdminSetupForm> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    if (!isCodeRequired || values.setupCode?.trim()) return result;
    return {
      values: {},
      errors: { ...result.errors, setupCode: { type: 'required', message: SETUP_CODE_REQUIRED } },
    };
  };
}

function AdminSetupFormView({
  isCodeRequired,
  onCreated,
}: {
  isCodeRequired: boolean;
  onCreated: () => void;
}) {
  const setup = useAdminSetup();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isCreated = outcome?.tone === 'success';
  const form = useForm<AdminSetupForm>({
    resolver: withSetupCode(isCodeRequired),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  const goToPortal = useEffectEvent(() => navigate(PATHS.adminPortal));
  useEffect(() => {
    if (!isCreated) return;
    const timer = setTimeout(goToPortal, ADMIN_SETUP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isCreated]);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await setup.mutateAsync(values);
      onCreated();
      setOutcome({ tone: 'success', message: AUTH_MESSAGES.setupSucceeded });
    } catch (error) {
      const message = errorMessage(error, AUTH_MESSAGES.setupFailed);
      // Field messages that only repeat the banner are left out, so nothing is said twice.
      showServerErrors(error, { omit: message });
      setOutcome({ tone: 'error', message });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormMessage outcome={outcome} />
      <fieldset disabled={setup.isPending || isCreated} className="flex flex-col gap-5">
        {isCodeRequired && (
          <FormField
            id="setup-code"
            label="Setup code"
            hint="This server can be reached from other machines, so it asks for the one-time code it printed in its log when it started (the line with “Setup code”)."
            error={errors.setupCode?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                {...form.register('setupCode')}
              />
            )}
          </FormField>
        )}
        <FormField id="setup-name" label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField id="setup-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              {...form.register('email')}
            />
          )}
        </FormField>
        <NewPasswordFields form={form} idPrefix="setup" />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting && <Spinner />}
          Create Admin Account
        </Button>
      </fieldset>
    </form>
  );
}
