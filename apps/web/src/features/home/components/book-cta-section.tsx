// The closing call to book.
import { PATHS } from '@pitstop/shared/web-routes';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

export function BookCtaSection() {
  return (
    <section aria-labelledby="book-cta-title" className="bg-background py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-[1.5rem] bg-brand-950 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div className="absolute inset-0 -z-10 bg-glow-bottom-left" aria-hidden="true" />
          <h2
            id="book-cta-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Ready for your next oil change?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">
            Pick a time that works for you and we’ll bring the service to your door.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="accent" size="lg">
              <Link to={PATHS.booking}>
                Book Your Service
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white"
            >
              <Link to={PATHS.services}>See Services &amp; Prices</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
