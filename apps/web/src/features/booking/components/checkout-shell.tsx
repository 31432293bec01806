// The frame of /checkout-success: a page of its own (outside the public layout, as the spec's
// route table says) with the business mark linking home and one card.
import { PATHS } from '@pitstop/shared/web-routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../../lib/business-profile.ts';

export function CheckoutShell({ title, children }: { title: string; children: ReactNode }) {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-slate-50 text-foreground">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]"
        aria-hidden="true"
      />
      <title>{`${title} · ${name}`}</title>
      <header className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
        <Link to={PATHS.home} className="inline-block rounded-lg text-brand-950">
          <BrandLogo name={name} />
          <span className="sr-only"> home page</span>
        </Link>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-lg rounded-card border border-border bg-card px-6 py-8 text-card-foreground shadow-xl shadow-brand-950/10 sm:px-8">
          {children}
        </div>
      </main>
    </div>
  );
}
