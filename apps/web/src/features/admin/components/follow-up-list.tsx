// A dashboard section of things the team follows up (orders to schedule, balances to collect):
// a heading and what to do, then the loading, error, empty or listed state of one query.
import { phoneHref } from '@pitstop/shared/phone';
import type { UseQueryResult } from '@tanstack/react-query';
import { Mail, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { errorMessage } from '../../../lib/api.ts';

export interface FollowUpListProps<T> {
  title: string;
  description: string;
  query: UseQueryResult<T[]>;
  /** "Loading orders…", "We couldn't load these orders", "No paid orders are waiting…". */
  words: { loading: string; failed: string; empty: string };
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}

export function FollowUpList<T>({
  title,
  description,
  query,
  words,
  keyOf,
  children,
}: FollowUpListProps<T>) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {words.loading}
        </p>
      ) : query.isError ? (
        <ErrorState
          className="mt-3"
          title={words.failed}
          message={errorMessage(query.error, 'Please try again in a moment.')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-input bg-background px-5 py-4 text-sm text-muted-foreground">
          {words.empty}
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.map((item) => (
            <li
              key={keyOf(item)}
              className="flex flex-col gap-2 rounded-card border border-border bg-card p-5 shadow-sm"
            >
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The customer's e-mail and phone as links, for the team to reach them. */
export function ContactLinks({ email, phone }: { email: string | null; phone: string }) {
  const link =
    'flex items-center gap-2 text-brand-700 underline-offset-2 hover:underline [&_svg]:size-4 [&_svg]:shrink-0';
  return (
    <p className="flex flex-col gap-1 text-sm">
      {email && (
        <a href={`mailto:${email}`} className={`${link} break-all`}>
          <Mail aria-hidden="true" />
          {email}
        </a>
      )}
      {phone && (
        <a href={phoneHref(phone)} className={link}>
          <Phone aria-hidden="true" />
          {phone}
        </a>
      )}
    </p>
  );
}
