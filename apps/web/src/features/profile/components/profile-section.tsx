// One card of the profile page, titled, with an icon, and optional actions at its top right.
import type { ReactNode, Ref } from 'react';

export interface ProfileSectionProps {
  /** Names the heading `${id}-title`, which labels the section. */
  id: string;
  title: string;
  description?: ReactNode;
  icon: ReactNode;
  actions?: ReactNode;
  /** Makes the heading focusable from code: where focus goes when the control it was on is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function ProfileSection({
  id,
  title,
  description,
  icon,
  actions,
  headingRef,
  children,
}: ProfileSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5"
            aria-hidden="true"
          >
            {icon}
          </span>
          <div className="min-w-0">
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={headingRef ? -1 : undefined}
              className="text-lg leading-tight font-semibold focus:outline-none"
            >
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
          </div>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
