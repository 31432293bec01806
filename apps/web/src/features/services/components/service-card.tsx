// One service on the public Services page: icon, price, name, description, includes and duration,
// with 'Book Now' and, for services that can be paid online, 'Pay Now'.
import { formatPrice } from '@pitstop/shared/money';
import type { Service } from '@pitstop/shared/services/responses';
import { CalendarCheck, Check, Clock, CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { bookingPath } from '../booking-links.ts';
import { ServiceIconTile } from './service-icon.tsx';

export interface ServiceCardProps {
  service: Service;
  onPayNow: (service: Service) => void;
  isPaying?: boolean;
}

export function ServiceCard({ service, onPayNow, isPaying = false }: ServiceCardProps) {
  const nameId = `service-${service.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-card border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-4">
        <ServiceIconTile icon={service.icon} />
        <p className="text-right">
          <span className="sr-only">Price: </span>
          <span className="text-2xl font-bold tracking-tight text-foreground">
            {formatPrice(service.priceCents)}
          </span>
        </p>
      </div>

      <h2 id={nameId} className="mt-5 text-xl leading-tight font-semibold text-balance">
        {service.name}
      </h2>
      {service.description && (
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground text-pretty">
          {service.description}
        </p>
      )}

      {service.includes.length > 0 && (
        <div className="mt-5 border-t border-border pt-5">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            What’s included
          </h3>
          <ul className="mt-3 space-y-2 text-sm">
            {service.includes.map((item, index) => (
              <li key={`${index}-${item}`} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="mt-5 flex items-center gap-2 text-sm font-medium text-foreground">
        <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="sr-only">Duration: </span>
          {service.duration}
        </span>
      </p>

      <div className="mt-auto flex gap-2 pt-6">
        <Button asChild className="flex-1">
          <Link to={bookingPath(service.id)} aria-describedby={nameId}>
            <CalendarCheck aria-hidden="true" />
            Book Now
          </Link>
        </Button>
        {service.payable && (
          <Button
            variant="outline"
            className="flex-1"
            aria-describedby={nameId}
            onClick={() => onPayNow(service)}
            disabled={isPaying}
          >
            <CreditCard aria-hidden="true" />
            Pay Now
          </Button>
        )}
      </div>
    </article>
  );
}

/** Placeholder with the card's shape while the list loads. */
export function ServiceCardSkeleton() {
  return (
    <div className="flex h-full flex-col rounded-card border border-border bg-card p-6 shadow-sm">
      <div className="flex items-start justify-between">
        <span className="size-12 animate-pulse rounded-xl bg-muted" />
        <span className="h-7 w-20 animate-pulse rounded bg-muted" />
      </div>
      <span className="mt-5 h-6 w-2/3 animate-pulse rounded bg-muted" />
      <span className="mt-3 h-4 w-full animate-pulse rounded bg-muted" />
      <span className="mt-2 h-4 w-4/5 animate-pulse rounded bg-muted" />
      <div className="mt-5 space-y-2.5 border-t border-border pt-5">
        {['w-3/4', 'w-2/3', 'w-4/5'].map((width) => (
          <span key={width} className={`block h-4 animate-pulse rounded bg-muted ${width}`} />
        ))}
      </div>
      <div className="mt-auto flex gap-2 pt-6">
        <span className="h-10 flex-1 animate-pulse rounded-lg bg-muted" />
        <span className="h-10 flex-1 animate-pulse rounded-lg bg-muted" />
      </div>
    </div>
  );
}
