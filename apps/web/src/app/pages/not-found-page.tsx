// 404 for any path no route matches, shown inside the public layout.
import { PATHS } from '@pitstop/shared/web-routes';
import { Home, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>Page not found · Pitstop</title>
      <p className="rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-brand-950">
        Error 404
      </p>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        We couldn't find that page
      </h1>
      <p className="mt-4 text-muted-foreground text-pretty">
        The link may be old or the address mistyped. Head back home, or see everything we can do for
        your car.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to={PATHS.home}>
            <Home aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={PATHS.services}>
            <Wrench aria-hidden="true" />
            View Services
          </Link>
        </Button>
      </div>
    </section>
  );
}
