// Shown when a route fails to render or its code fails to load (often a stale tab after a deploy).
import { PATHS } from '@pitstop/shared/web-routes';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export function RouteErrorPage() {
  const error = useRouteError();
  // A loader may throw a 404 response (unknown id); the catch-all route covers unknown paths.
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (import.meta.env.DEV && !isNotFound) console.error(error);
  const title = isNotFound ? 'We couldn’t find that page' : 'Something went wrong';

  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      <title>{`${title} · Pitstop`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">
        {isNotFound
          ? 'It may have been removed, or the link is out of date.'
          : 'This page could not be displayed. Reloading usually fixes it; if it keeps happening, please give us a call.'}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {/* A full reload also fetches the newest build if the old chunks are gone. */}
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={PATHS.home}>Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
