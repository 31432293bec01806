// A titled card of the Business Profile screen, shared by its view and edit modes.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface ProfileSectionProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}

export function ProfileSection({
  icon: Icon,
  title,
  description,
  className,
  children,
}: ProfileSectionProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-card border border-border bg-card p-5 shadow-sm sm:p-6', className)}
    >
      <div className="mb-5 flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={titleId} className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
