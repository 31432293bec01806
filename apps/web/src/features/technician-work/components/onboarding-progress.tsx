// Where the technician is in onboarding's four steps: "Step n of 4", and each step's title with its
// state, the current one marked for screen readers with aria-current.
import { ONBOARDING_STEP_TITLES } from '@pitstop/shared/technicians/forms';
import { Check } from 'lucide-react';
import { clsx } from 'clsx';

export function OnboardingProgress({ step }: { step: number }) {
  const total = ONBOARDING_STEP_TITLES.length;
  return (
    <nav aria-label="Onboarding progress" className="flex flex-col gap-3">
      <p className="text-sm font-medium text-muted-foreground">
        Step {step + 1} of {total}
      </p>
      <ol className="grid grid-cols-4 gap-2">
        {ONBOARDING_STEP_TITLES.map((title, index) => {
          const isDone = index < step;
          const isCurrent = index === step;
          return (
            <li
              key={title}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex min-w-0 flex-col items-center gap-1.5 text-center"
            >
              <span
                className={clsx(
                  'grid size-8 place-items-center rounded-full text-sm font-semibold',
                  isDone && 'bg-primary text-primary-foreground',
                  isCurrent && 'bg-brand-950 text-accent-400 ring-2 ring-accent-400',
                  !isDone && !isCurrent && 'bg-muted text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {isDone ? <Check className="size-4" /> : index + 1}
              </span>
              <span
                className={clsx(
                  'text-xs leading-tight',
                  isCurrent ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {title}
                {isDone && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
