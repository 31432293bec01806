// The frame of every full-page account screen (/login, /signup, the portals, setup, cleanup, and
// the technician's set password and onboarding): the business mark linking home, one card with
// the page's title, and optional links beneath it.
// `staff` switches to the dark brand background that sets the portals apart from customer pages.
import { PATHS } from '@pitstop/shared/web-routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from './brand-logo.tsx';
import { clsx } from 'clsx';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../lib/business-profile.ts';

export interface AuthShellProps {
  /** The page's <title> and <h1>. */
  title: string;
  description?: ReactNode;
  /** A lucide icon shown above the title. */
  icon?: ReactNode;
  /** Small line above the title, e.g. "Admin Portal". */
  eyebrow?: string;
  tone?: 'customer' | 'staff';
  /** Links under the card (Back to Home, the other screen). */
  footer?: ReactNode;
  /** Wider card for screens with more to read (user cleanup). */
  wide?: boolean;
  children: ReactNode;
}

export function AuthShell({
  title,
  description,
  icon,
  eyebrow,
  tone = 'customer',
  footer,
  wide = false,
  children,
}: AuthShellProps) {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  const isStaff = tone === 'staff';

  return (
    <div
      className={clsx(
        'relative isolate flex min-h-dvh flex-col',
        isStaff ? 'bg-brand-950 text-white' : 'bg-slate-50 text-foreground',
      )}
    >
      <div
        className={clsx(
          'absolute inset-0 -z-10',
          isStaff
            ? 'bg-glow-top-right'
            : 'bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]',
        )}
        aria-hidden="true"
      />
      <title>{`${title} · ${name}`}</title>
      <header className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
        <Link
          to={PATHS.home}
          className={clsx(
            'inline-block rounded-lg',
            isStaff ? 'text-white focus-visible:outline-white' : 'text-brand-950',
          )}
        >
          <BrandLogo name={name} inverted={isStaff} />
          <span className="sr-only"> home page</span>
        </Link>
      </header>

      <main
        id="main"
        className="flex flex-1 flex-col items-center px-4 pt-4 pb-16 sm:justify-center sm:pt-0"
      >
        <div className={clsx('w-full', wide ? 'max-w-xl' : 'max-w-md')}>
          <div className="rounded-card border border-border bg-card text-card-foreground shadow-xl shadow-brand-950/10">
            <div className="flex flex-col items-center gap-2 px-6 pt-8 text-center sm:px-8">
              {icon && (
                <span
                  className={clsx(
                    'mb-2 grid size-12 place-items-center rounded-xl [&_svg]:size-6',
                    isStaff ? 'bg-brand-950 text-accent-400' : 'bg-secondary text-primary',
                  )}
                  aria-hidden="true"
                >
                  {icon}
                </span>
              )}
              {eyebrow && (
                <p className="text-xs font-semibold tracking-wider text-primary uppercase">
                  {eyebrow}
                </p>
              )}
              <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
              {description && (
                <div className="text-sm text-muted-foreground text-pretty">{description}</div>
              )}
            </div>
            <div className="px-6 pt-6 pb-8 sm:px-8">{children}</div>
          </div>
          {footer && (
            <div
              className={clsx(
                'mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm font-medium',
                isStaff ? 'text-slate-300' : 'text-muted-foreground',
              )}
            >
              {footer}
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

/** A link for the row under the card; reads well on both backgrounds. */
export function ShellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm underline-offset-4 hover:underline [&_svg]:size-4"
    >
      {children}
    </Link>
  );
}
