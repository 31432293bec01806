// Two-factor authentication on the profile: turn on (password, then the QR code or the key
// typed into an authenticator app, then a code from the app to prove it works, then the
// recovery codes, shown this once), or turn off (password). Staff whom the business requires
// to have it are sent here after signing in.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  secondFactorFormSchema,
  twoFactorPasswordFormSchema,
} from '@pitstop/shared/auth/two-factor';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { Viewer } from '../../../lib/viewer.ts';
import { useConfirmTwoFactor, useStartTwoFactor, useTurnOffTwoFactor } from '../two-factor-api.ts';
import { ProfileSection } from './profile-section.tsx';

type Phase =
  | { step: 'idle' }
  | { step: 'password' }
  | { step: 'scan'; totpURI: string; recoveryCodes: string[] }
  | { step: 'codes'; recoveryCodes: string[] }
  | { step: 'turn-off' };

export function TwoFactorSection({ viewer }: { viewer: Viewer }) {
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [outcome, setOutcome] = useState<FormOutcome>(null);

  function go(next: Phase, message: FormOutcome = null) {
    setOutcome(message);
    setPhase(next);
  }

  return (
    <ProfileSection
      id="two-factor"
      title="Two-factor authentication"
      icon={<ShieldCheck />}
      description="Each sign-in asks for a code from an authenticator app on your phone as well as your password."
    >
      <div className="flex flex-col gap-4">
        {viewer.mustSetUpTwoFactor && phase.step === 'idle' && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
            The business requires two-factor authentication for staff accounts. Turn it on to
            continue to the Admin Dashboard.
          </p>
        )}
        <FormMessage outcome={outcome} />
        {phase.step === 'idle' &&
          (viewer.twoFactorEnabled ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm font-medium">Two-factor authentication is on.</p>
              <Button variant="outline" onClick={() => go({ step: 'turn-off' })}>
                Turn off two-factor authentication
              </Button>
            </div>
          ) : (
            <div>
              <Button onClick={() => go({ step: 'password' })}>
                Turn on two-factor authentication
              </Button>
            </div>
          ))}
        {phase.step === 'password' && (
          <PasswordStep
            submitLabel="Continue"
            onCancel={() => go({ step: 'idle' })}
            onError={(message) => setOutcome({ tone: 'error', message })}
            useAction={useStartTwoFactor}
            onDone={(answer) =>
              go({ step: 'scan', totpURI: answer.totpURI, recoveryCodes: answer.backupCodes })
            }
          />
        )}
        {phase.step === 'scan' && (
          <ScanStep
            totpURI={phase.totpURI}
            onCancel={() => go({ step: 'idle' })}
            onError={(message) => setOutcome({ tone: 'error', message })}
            onDone={() => go({ step: 'codes', recoveryCodes: phase.recoveryCodes })}
          />
        )}
        {phase.step === 'codes' && (
          <RecoveryCodes codes={phase.recoveryCodes} onDone={() => go({ step: 'idle' })} />
        )}
        {phase.step === 'turn-off' && (
          <PasswordStep
            submitLabel="Turn off"
            onCancel={() => go({ step: 'idle' })}
            onError={(message) => setOutcome({ tone: 'error', message })}
            useAction={useTurnOffTwoFactor}
            onDone={() =>
              go(
                { step: 'idle' },
                { tone: 'success', message: 'Two-factor authentication is off.' },
              )
            }
          />
        )}
      </div>
    </ProfileSection>
  );
}

interface PasswordStepProps<T> {
  submitLabel: string;
  onCancel: () => void;
  onError: (message: string) => void;
  useAction: () => { mutateAsync: (password: string) => Promise<T> };
  onDone: (answer: T) => void;
}

function PasswordStep<T>({
  submitLabel,
  onCancel,
  onError,
  useAction,
  onDone,
}: PasswordStepProps<T>) {
  const action = useAction();
  const form = useForm({
    resolver: standardSchemaResolver(twoFactorPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function submit({ password }: { password: string }) {
    try {
      onDone(await action.mutateAsync(password));
    } catch (error) {
      onError(errorMessage(error, 'That did not work. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField
        id="two-factor-password"
        label="Password"
        hint="Your current password, to confirm it is you."
        error={errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...form.register('password')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The key an authenticator app asks for when the QR code cannot be scanned, in groups of four. */
function manualKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function ScanStep({
  totpURI,
  onCancel,
  onError,
  onDone,
}: {
  totpURI: string;
  onCancel: () => void;
  onError: (message: string) => void;
  onDone: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [qrCode, setQrCode] = useState<string | null>(null);
  const form = useForm({
    resolver: standardSchemaResolver(secondFactorFormSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // The QR encoder loads only here, when someone turns the second factor on.
  useEffect(() => {
    let isCurrent = true;
    void import('uqr').then(({ renderSVG }) => {
      if (isCurrent) setQrCode(`data:image/svg+xml,${encodeURIComponent(renderSVG(totpURI))}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [totpURI]);

  async function submit({ code }: { code: string }) {
    try {
      await confirm.mutateAsync(code);
      onDone();
    } catch (error) {
      onError(errorMessage(error, 'That code did not work. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      <p className="text-sm">
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
        Authenticator or 1Password), then enter the 6-digit code it shows.
      </p>
      <div className="grid size-48 place-items-center rounded-lg border border-border bg-white p-2">
        {qrCode ? (
          <img src={qrCode} alt="QR code for your authenticator app" className="size-full" />
        ) : (
          <Spinner />
        )}
      </div>
      <div className="text-sm">
        <p className="text-muted-foreground">Can't scan it? Enter this key in the app:</p>
        <code className="mt-1 block font-mono text-sm break-all" data-testid="two-factor-key">
          {manualKeyOf(totpURI)}
        </code>
      </div>
      <FormField id="two-factor-code" label="Authentication code" error={errors.code?.message}>
        {(control) => (
          <Input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code')}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          Turn on
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  return (
    <div className="flex flex-col gap-4">
      <div role="status">
        <p className="font-semibold">Two-factor authentication is on.</p>
      </div>
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if your phone is not at
        hand. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <a
          href={download}
          download="pitstop-recovery-codes.txt"
          className="inline-flex h-10 items-center rounded-lg border border-input bg-background px-4 text-sm font-medium shadow-xs hover:bg-muted"
        >
          Download codes
        </a>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
