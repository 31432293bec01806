// Technician Onboarding (/technician-onboarding): four steps, each checked by its shared schema
// before Next is enabled; the password's confirmation is enforced, and a password the technician
// already chose through the invitation's link is kept unless they choose a new one. The last step
// saves everything, shows success for 2 s, then the dashboard. The form starts from the loaded
// data once: later reads never overwrite it. A reload keeps the step and what was typed, except
// the passwords.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { OnboardingStart } from '@pitstop/shared/technicians/responses';
import {
  ONBOARDING_STEP_TITLES,
  onboardingRequestSchema,
  onboardingStepSchemas,
} from '@pitstop/shared/technicians/forms';
import { ONBOARDING_SUCCESS_MS, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CheckCircle2, ClipboardList } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { serverFieldErrors, useServerErrors } from '../../../lib/form-errors.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { onboardingStartQueryOptions, refreshViewer, useCompleteOnboarding } from '../api.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { OnboardingStepFields } from '../components/onboarding-step-fields.tsx';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { ShellSignOut } from '../components/shell-sign-out.tsx';
import {
  clearOnboardingDraft,
  loadOnboardingDraft,
  ONBOARDING_FIELDS,
  saveOnboardingDraft,
  type OnboardingOutput,
  type OnboardingValues,
} from '../onboarding-draft.ts';

type Field = (typeof ONBOARDING_FIELDS)[number];

/** Which fields each step asks for, in the order shown. */
const STEP_FIELDS: readonly (readonly Field[])[] = [
  ['name', 'phone'],
  ['street', 'city', 'zipCode', 'homeZip', 'serviceAreaIds'],
  ['password', 'confirmPassword'],
  ['emergencyContact', 'emergencyPhone'],
];
const LAST_STEP = STEP_FIELDS.length - 1;
/** Passwords are never kept in the draft: a reload past this step comes back to it. */
const PASSWORD_STEP = 2;

const stepOf = (field: string) =>
  STEP_FIELDS.findIndex((fields) => fields.includes(field as Field));

/** What a step's schema checks: its fields, and on step 3 whether the password is kept. */
function stepValues(values: Partial<OnboardingValues>, fields: readonly Field[]) {
  return {
    ...Object.fromEntries(
      fields.map((field) => [field, values[field] ?? (field === 'serviceAreaIds' ? [] : '')]),
    ),
    keepPassword: values.keepPassword ?? false,
  };
}

export function OnboardingPage() {
  const { viewer } = useViewer();
  const start = useQuery(onboardingStartQueryOptions());
  const [isDone, setIsDone] = useState(false);

  return (
    <AuthShell
      tone="staff"
      eyebrow="Technicians"
      title="Technician Onboarding"
      icon={<ClipboardList />}
      description="Four short steps, and you are ready for your first job."
      wide
      footer={
        !isDone &&
        viewer && <ShellSignOut onSignedOut={() => clearOnboardingDraft(viewer.userId)} />
      }
    >
      {isDone ? (
        <OnboardingSuccess />
      ) : start.data && viewer ? (
        // Shown from the first answer on, whatever later reads bring or fail to bring: the
        // wizard takes the data once and keeps what is typed.
        <OnboardingWizard
          key={viewer.userId}
          start={start.data}
          userId={viewer.userId}
          onDone={() => setIsDone(true)}
        />
      ) : start.isError ? (
        <ErrorState
          title="We couldn't load your details"
          message={errorMessage(start.error, 'Please try again in a moment.')}
          onRetry={() => void start.refetch()}
          isRetrying={start.isFetching}
        />
      ) : (
        <LoadingState label="Loading your details…" className="min-h-48" />
      )}
    </AuthShell>
  );
}

/** Shown for 2 s, then the dashboard, once the guards know onboarding is done. */
function OnboardingSuccess() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let isCancelled = false;
    const timer = setTimeout(async () => {
      await refreshViewer(queryClient);
      queryClient.removeQueries({ queryKey: onboardingStartQueryOptions().queryKey });
      if (!isCancelled) void navigate(PATHS.technicianDashboard, { replace: true });
    }, ONBOARDING_SUCCESS_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [queryClient, navigate]);

  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
      <p className="text-lg font-semibold">Onboarding complete!</p>
      <p className="text-sm text-muted-foreground">Taking you to your dashboard…</p>
    </div>
  );
}

interface OnboardingWizardProps {
  start: OnboardingStart;
  userId: string;
  onDone: () => void;
}

/** The form's first values: the loaded profile, then the tab's draft over it. Taken once. */
function initialState({ profile, passwordSet }: OnboardingStart, userId: string) {
  const isNameLocked = profile.name.trim() !== '';
  const draft = loadOnboardingDraft(userId);
  const values: OnboardingValues = {
    name: profile.name,
    phone: profile.phone,
    street: profile.street,
    city: profile.city,
    zipCode: profile.zipCode,
    homeZip: profile.homeZip ?? '',
    serviceAreaIds: profile.serviceAreaIds,
    emergencyContact: profile.emergencyContact,
    emergencyPhone: profile.emergencyPhone,
    ...draft?.fields,
    // The admin's name is not the technician's to change, whatever a draft says.
    ...(isNameLocked ? { name: profile.name } : {}),
    password: '',
    confirmPassword: '',
    // A password chosen through the link is kept unless the technician asks for a new one.
    keepPassword: passwordSet,
  };
  return {
    values,
    step: Math.min(draft?.step ?? 0, PASSWORD_STEP),
    isNameLocked,
    passwordSet,
  };
}

function OnboardingWizard({ start, userId, onDone }: OnboardingWizardProps) {
  const [initial] = useState(() => initialState(start, userId));
  const { isNameLocked, passwordSet } = initial;
  // A move also says whether the new step's heading takes focus.
  const [position, setPosition] = useState({ step: initial.step, toHeading: false });
  const { step } = position;
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const complete = useCompleteOnboarding();
  const queryClient = useQueryClient();
  const form = useForm<OnboardingValues, unknown, OnboardingOutput>({
    resolver: standardSchemaResolver<OnboardingValues, unknown, OnboardingOutput>(
      onboardingRequestSchema,
    ),
    defaultValues: initial.values,
    mode: 'onTouched',
  });
  const showServerErrors = useServerErrors(form, ONBOARDING_FIELDS);
  const values = useWatch({ control: form.control });
  const isSaving = complete.isPending;
  const isStepValid = onboardingStepSchemas[step]!.safeParse(
    stepValues(values, STEP_FIELDS[step]!),
  ).success;

  // A reload comes back to this step with these values (never the passwords).
  useEffect(() => {
    saveOnboardingDraft(userId, step, values);
  }, [userId, step, values]);

  // Each new step is announced by moving to its heading; not on arrival (the page's h1 comes
  // first), nor when a refused field is about to take focus itself.
  useEffect(() => {
    if (position.toHeading) headingRef.current?.focus();
  }, [position]);

  const goTo = (next: number, { toHeading = true } = {}) => {
    setOutcome(null);
    setPosition({ step: next, toHeading });
  };

  const goNext = async () => {
    if (await form.trigger([...STEP_FIELDS[step]!])) goTo(step + 1);
  };

  /** An earlier step that does not hold (a draft edited by hand): back to it. */
  const onInvalid = (errors: FieldErrors<OnboardingValues>) => {
    const first = ONBOARDING_FIELDS.find((field) => errors[field]);
    if (first) goTo(stepOf(first));
  };

  const save = form.handleSubmit(async (body) => {
    setOutcome(null);
    try {
      await complete.mutateAsync(body);
      clearOnboardingDraft(userId);
      onDone();
    } catch (error) {
      // Done already (in another tab): the guard, once it knows, takes the technician to work.
      if (error instanceof ApiError && error.status === 409) {
        clearOnboardingDraft(userId);
        void refreshViewer(queryClient);
        return;
      }
      // The server's field messages sit at their fields, on the step that asks for them.
      const [first] = serverFieldErrors(error, ONBOARDING_FIELDS);
      // No password to keep after all: the fields for a new one show, with the server's words.
      if (serverFieldErrors(error, ['password']).length > 0) form.setValue('keepPassword', false);
      if (first && showServerErrors(error)) goTo(stepOf(first[0]), { toHeading: false });
      setOutcome({ tone: 'error', message: TECHNICIAN_MESSAGES.onboardingFailed });
    }
  }, onInvalid);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      if (isStepValid) void goNext();
      return;
    }
    void save(event);
  };

  const title = ONBOARDING_STEP_TITLES[step];
  return (
    <div className="flex flex-col gap-6">
      <OnboardingProgress step={step} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <h2
          id="onboarding-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          {title}
        </h2>
        <FormMessage outcome={outcome} />
        <fieldset disabled={isSaving} className="flex flex-col gap-5">
          <OnboardingStepFields
            step={step}
            form={form}
            isNameLocked={isNameLocked}
            passwordSet={passwordSet}
          />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button variant="outline" size="lg" onClick={() => goTo(step - 1)} disabled={isSaving}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <Button type="submit" size="lg" disabled={!isStepValid || isSaving}>
            {isSaving && <Spinner />}
            {step < LAST_STEP ? 'Next' : isSaving ? 'Saving…' : 'Complete Onboarding'}
            {step < LAST_STEP && <ArrowRight aria-hidden="true" />}
          </Button>
        </div>
      </form>
    </div>
  );
}
