// Home hero: the promise, 'Schedule Service' and 'Call Us' (a tel: link with the business phone).
import { PATHS } from '@pitstop/shared/web-routes';
import { phoneHref } from '@pitstop/shared/phone';
import { CalendarCheck, CheckCircle2, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { VisitPreview } from './visit-preview.tsx';

/** The footer's Contact column (apps/web/src/app/layouts/site-footer.tsx). */
const CONTACT_SECTION_ID = 'contact';

const PROMISES = ['Upfront pricing', 'Secure online payment', 'Home or workplace visits'];

const callButtonClasses =
  'border-white/40 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white';

export function HeroSection() {
  const { data: business, isPending, refetch } = useBusinessProfile();

  return (
    <section className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div className="absolute inset-0 -z-10 bg-glow-top-right" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-medium text-accent-300">
            Mobile oil change &amp; car maintenance
          </p>
          <h1 className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Car care that comes to <span className="text-accent-400">your driveway</span>.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300 text-pretty">
            Book online in a couple of minutes and a licensed technician arrives at your home or
            office with everything needed. No waiting rooms, no rides back from the shop.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="accent" size="lg">
              <Link to={PATHS.booking}>
                <CalendarCheck aria-hidden="true" />
                Schedule Service
              </Link>
            </Button>
            {business?.phone ? (
              <Button asChild variant="outline" size="lg" className={callButtonClasses}>
                <a href={phoneHref(business.phone)}>
                  <Phone aria-hidden="true" />
                  Call Us
                </a>
              </Button>
            ) : isPending ? (
              // Until the number is known there is nothing to dial; keep the space, not a fake link.
              <Button variant="outline" size="lg" className={callButtonClasses} disabled>
                <Phone aria-hidden="true" />
                Call Us
              </Button>
            ) : (
              // No number (the profile failed to load, or has none): go to the footer's contact
              // details, which show what is known and offer to try again, and ask once more now.
              <Button asChild variant="outline" size="lg" className={callButtonClasses}>
                <a href={`#${CONTACT_SECTION_ID}`} onClick={() => void refetch()}>
                  <Phone aria-hidden="true" />
                  Call Us
                </a>
              </Button>
            )}
          </div>

          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-300 sm:flex-row sm:flex-wrap">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0 text-accent-400" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>

        <VisitPreview />
      </div>
    </section>
  );
}
