// One numbered section of the booking form, titled as the spec names it.
import type { ReactNode } from 'react';

export interface BookingSectionProps {
  step: number;
  title: string;
  description?: string;
  icon: ReactNode;
  children: ReactNode;
}

export function BookingSection({ step, title, description, icon, children }: BookingSectionProps) {
  const headingId = `booking-step-${step}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="mb-5 flex items-start gap-3">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5"
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            <span className="sr-only">Step {step}: </span>
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
