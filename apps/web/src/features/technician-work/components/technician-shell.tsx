// The frame of the technician's full-page sign-up screens (set password, onboarding): the
// business mark linking home on the portal's dark background, and one card with the title.
import { PATHS } from '@pitstop/shared/web-routes';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { clsx } from 'clsx';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../../lib/business-profile.ts';
import { useSignOut } from '../../../lib/viewer.ts';

export interface TechnicianShellProps {
  /** The page's <title> and <h1>. */
  title: string;
  description?: ReactNode;
  /** A lucide icon shown above the title. */
  icon?: ReactNode;
  /** Under the card (a link back to the portal). */
  footer?: ReactNode;
  /** Wider card, for the onboarding wizard. */
  wide?: boolean;
  children: ReactNode;
}

export function TechnicianShell({
  title,
  description,
  icon,
  footer,
  wide = false,
  children,
}: TechnicianShellProps) {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-brand-950 text-white">
      <div className="absolute inset-0 -z-10 bg-glow-top-right" aria-hidden="true" />
      <title>{`${title} · ${name}`}</title>
      <header className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
        <Link
          to={PATHS.home}
          className="inline-block rounded-lg text-white focus-visible:outline-white"
        >
          <BrandLogo name={name} inverted />
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
                  className="mb-2 grid size-12 place-items-center rounded-xl bg-brand-950 text-accent-400 [&_svg]:size-6"
                  aria-hidden="true"
                >
                  {icon}
                </span>
              )}
              <p className="text-xs font-semibold tracking-wider text-primary uppercase">
                Technicians
              </p>
              <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
              {description && (
                <div className="text-sm text-muted-foreground text-pretty">{description}</div>
              )}
            </div>
            <div className="px-6 pt-6 pb-8 sm:px-8">{children}</div>
          </div>
          {footer && (
            <div className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm font-medium text-slate-300">
              {footer}
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

/** A link for the row under the card. */
export function ShellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-4"
    >
      {children}
    </Link>
  );
}

/**
 * Sign Out for the row under the card; the page's guard then takes the visitor home.
 * `onSignedOut` forgets what this tab kept for the account (onboarding's draft).
 */
export function ShellSignOut({ onSignedOut }: { onSignedOut?: () => void }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => {
            onSignedOut?.();
            toast('You have been signed out.');
          },
          onError: () => toast.error('Could not sign out. Please try again.'),
        })
      }
      className="inline-flex cursor-pointer items-center gap-1.5 rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60 [&_svg]:size-4"
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </button>
  );
}
