// Average service time by service over the period: for each service, a bar of its average against a
// mark at its target, with the same figures and "over" or "under" in words beside it, so neither
// the bar nor its colour carries meaning alone.
import type { ServiceTimes } from '@pitstop/shared/metrics/responses';
import { clsx } from 'clsx';
import { againstTarget, countOf, minutesText } from '../metric-words.ts';
import { TargetBadge } from './service-time-figure.tsx';

type ServiceTime = ServiceTimes['byService'][number];

export function ServiceTimeBars({ services }: { services: ServiceTime[] }) {
  // One scale for every bar, with room past the longest so its target mark stays visible.
  const scale =
    Math.max(
      1,
      ...services.map((service) => Math.max(service.averageMinutes, service.targetMinutes)),
    ) * 1.1;
  const share = (minutes: number) => `${(minutes / scale) * 100}%`;
  return (
    <div className="flex flex-col gap-4">
      <p
        className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-hidden="true"
      >
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-5 rounded-full bg-primary" /> Average
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-3.5 w-0.5 bg-foreground" /> Target
        </span>
      </p>
      <ul aria-label="Average service time by service" className="flex flex-col gap-5">
        {services.map((service) => {
          const result = againstTarget(service.averageMinutes, service.targetMinutes);
          return (
            <li key={service.serviceName} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-medium break-words">{service.serviceName}</span>
                <span className="text-sm text-muted-foreground">
                  {countOf(service.completed, 'completed service')}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span>
                  <span className="font-semibold tabular-nums">
                    {minutesText(service.averageMinutes)}
                  </span>{' '}
                  average{' '}
                  <span className="text-muted-foreground">
                    vs {minutesText(service.targetMinutes)} target
                  </span>
                </span>
                <TargetBadge {...result} />
              </div>
              <div className="relative h-3 rounded-full bg-muted" aria-hidden="true">
                <div
                  className={clsx(
                    'h-full rounded-full',
                    result.tone === 'over' ? 'bg-amber-500' : 'bg-primary',
                  )}
                  style={{ width: share(service.averageMinutes) }}
                />
                <div
                  className="absolute -top-1 -bottom-1 w-0.5 -translate-x-1/2 bg-foreground"
                  style={{ left: share(service.targetMinutes) }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
