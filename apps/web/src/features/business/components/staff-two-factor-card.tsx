// The super admin's "Require two-factor authentication for staff": once on, a manager or admin
// without a second factor is sent to set it up after signing in, and the server refuses them
// staff pages until they have. Turning it on needs the super admin's own second factor first.
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { staffTwoFactorQueryOptions, useSetStaffTwoFactor } from '../api.ts';
import { OpenSwitch } from './open-switch.tsx';

export function StaffTwoFactorCard() {
  const setting = useQuery(staffTwoFactorQueryOptions());
  const save = useSetStaffTwoFactor();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const switchId = useId();
  const hintId = `${switchId}-hint`;

  async function change(required: boolean) {
    setOutcome(null);
    try {
      await save.mutateAsync(required);
      setOutcome({
        tone: 'success',
        message: required
          ? 'Staff now need two-factor authentication to use the Admin Dashboard.'
          : 'Staff no longer need two-factor authentication.',
      });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error) });
    }
  }

  return (
    <section
      aria-labelledby={`${switchId}-title`}
      className="mt-6 rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5"
          aria-hidden="true"
        >
          <ShieldCheck />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <h2 id={`${switchId}-title`} className="text-lg leading-tight font-semibold">
            Staff sign-in
          </h2>
          <FormMessage outcome={outcome} />
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor={switchId} className="text-sm font-medium">
                Require two-factor authentication for staff
              </label>
              <p id={hintId} className="mt-1 text-sm text-muted-foreground">
                Managers and admins without it are sent to set it up on their profile after signing
                in, and cannot open staff pages until they have.
              </p>
            </div>
            {setting.isPending || save.isPending ? (
              <Spinner />
            ) : (
              <OpenSwitch
                id={switchId}
                aria-describedby={hintId}
                checked={setting.data?.requireStaffTwoFactor ?? false}
                disabled={setting.isError}
                onCheckedChange={(checked) => void change(checked)}
              />
            )}
          </div>
          {setting.isError && (
            <p className="text-sm text-destructive">{errorMessage(setting.error)}</p>
          )}
        </div>
      </div>
    </section>
  );
}
