// The frame of every admin console screen: a header band (breadcrumb, title, description and
// actions) over a tinted work area. The public top bar stays above it; the footer is hidden.
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

interface Crumb {
  label: string;
  to: string;
}

export interface AdminPageProps {
  title: string;
  /** Small line above the title, e.g. "Staff console". */
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Links back up the console, ending before this page. */
  breadcrumbs?: Crumb[];
  /** Buttons at the header's right (below the title on phones). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function AdminPage({
  title,
  eyebrow,
  description,
  breadcrumbs = [],
  actions,
  children,
  className,
}: AdminPageProps) {
  return (
    // 4rem: the top bar's height, so the tint reaches the bottom of the window.
    <div className="min-h-[calc(100dvh-4rem)] bg-slate-50">
      <title>{`${title} · Pitstop`}</title>
      <div className="border-b border-border bg-background">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          {breadcrumbs.length > 0 && (
            <nav aria-label="Breadcrumb" className="mb-3">
              <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                {breadcrumbs.map((crumb) => (
                  <li key={crumb.to} className="flex items-center gap-1">
                    <Link
                      to={crumb.to}
                      className="rounded font-medium hover:text-foreground hover:underline"
                    >
                      {crumb.label}
                    </Link>
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </li>
                ))}
                <li aria-current="page" className="font-medium text-foreground">
                  {title}
                </li>
              </ol>
            </nav>
          )}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              {eyebrow && (
                <p className="text-sm font-semibold tracking-wide text-primary uppercase">
                  {eyebrow}
                </p>
              )}
              <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
                {title}
              </h1>
              {description && <div className="mt-2 text-muted-foreground">{description}</div>}
            </div>
            {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
          </div>
        </div>
      </div>
      <div className={cn('mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8', className)}>
        {children}
      </div>
    </div>
  );
}
