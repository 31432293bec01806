// The public footer: quick links, and the service areas and contact details from the business
// profile.
import { PATHS } from '@pitstop/shared/web-routes';
import { footerHours } from '@pitstop/shared/business/hours';
import { phoneHref } from '@pitstop/shared/phone';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../lib/business-profile.ts';
import { adminDashboardHref } from '../../lib/role-homes.ts';
import { useViewer } from '../../lib/viewer.ts';

const linkClasses = 'rounded-sm text-slate-300 transition-colors hover:text-accent-300';

export function SiteFooter() {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  const viewerState = useViewer();
  const adminHref = adminDashboardHref(viewerState);
  const quickLinks = [
    { to: PATHS.services, label: 'Services' },
    { to: PATHS.booking, label: 'Book Now' },
    { to: adminHref, label: 'Admin Dashboard' },
    { to: PATHS.techPortal, label: 'Technician Portal' },
  ];

  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Link to={PATHS.home} className="inline-block rounded-lg text-white">
            <BrandLogo name={name} inverted />
          </Link>
          <p className="max-w-xs text-sm leading-relaxed">
            Mobile oil changes and routine maintenance at your home or workplace, by licensed
            technicians.
          </p>
        </div>

        <FooterColumn title="Quick Links">
          {quickLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={linkClasses}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Service Areas">
          <FooterAreas />
        </FooterColumn>

        {/* The home page's 'Call Us' links here (#contact) when it has no number to dial. */}
        <FooterColumn id="contact" title="Contact" className="col-span-2 lg:col-span-1">
          <FooterContact />
        </FooterColumn>
      </div>

      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © 2024 {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({
  id,
  title,
  className,
  children,
}: {
  id?: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={id} className={className}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  );
}

/** The business's areas in its order; nothing made up while the profile loads or fails. */
function FooterAreas() {
  const { data: business, isPending } = useBusinessProfile();
  if (isPending) {
    return (
      <li aria-busy="true">
        <span className="sr-only">Loading service areas…</span>
        <span className="block space-y-3" aria-hidden="true">
          {['w-24', 'w-20', 'w-32', 'w-36'].map((width, index) => (
            <span key={index} className={`block h-4 animate-pulse rounded bg-white/10 ${width}`} />
          ))}
        </span>
      </li>
    );
  }
  // A failed read says so once, under Contact.
  if (!business) return null;
  if (business.serviceAreas.length === 0) return <li>Call us to check your area.</li>;
  return business.serviceAreas.map((area) => (
    <li key={area.id} className="flex items-center gap-2">
      <MapPin className="size-4 shrink-0 text-accent-400" aria-hidden="true" />
      {area.name}
    </li>
  ));
}

/** Phone, e-mail and hours; never placeholder values while the profile loads. */
function FooterContact() {
  const { data: business, isPending, isError, refetch } = useBusinessProfile();

  if (isPending) {
    return (
      <li aria-busy="true">
        <span className="sr-only">Loading contact details…</span>
        <span className="block space-y-3" aria-hidden="true">
          {['w-32', 'w-44', 'w-40', 'w-36', 'w-32'].map((width, index) => (
            <span key={index} className={`block h-4 animate-pulse rounded bg-white/10 ${width}`} />
          ))}
        </span>
      </li>
    );
  }

  if (isError) {
    return (
      <li>
        Contact details are unavailable right now.{' '}
        <button
          type="button"
          className={`${linkClasses} cursor-pointer underline underline-offset-4`}
          onClick={() => void refetch()}
        >
          Try again
        </button>
      </li>
    );
  }

  return (
    <>
      {business.phone && (
        <li>
          <a href={phoneHref(business.phone)} className={`${linkClasses} flex items-center gap-2`}>
            <Phone className="size-4 shrink-0 text-accent-400" aria-hidden="true" />
            {business.phone}
          </a>
        </li>
      )}
      <li>
        <a
          href={`mailto:${business.email}`}
          className={`${linkClasses} flex items-center gap-2 break-all`}
        >
          <Mail className="size-4 shrink-0 text-accent-400" aria-hidden="true" />
          {business.email}
        </a>
      </li>
      <li className="flex gap-2">
        <Clock className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
        <ul className="space-y-1.5" aria-label="Opening hours">
          {footerHours(business.hours).map((line) => (
            // One text node per line, so 'Sun: Closed' reads and matches as a whole.
            <li key={line.label}>{`${line.label}: ${line.value}`}</li>
          ))}
        </ul>
      </li>
    </>
  );
}
