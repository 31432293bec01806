// What a technician's job cards share: the address's maps link, the vehicle line and one labelled
// detail, so today's card and the next days' read the same.
import { describeVisitVehicle } from '@pitstop/shared/appointments/visit-vehicle';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import type { ReactNode } from 'react';

/** Google Maps' search link: opens the maps app on a phone, the website elsewhere. */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The booked car (year, make, model, colour, plate), else its colour, else 'Not given'. */
export function jobVehicleLine(job: Pick<TechnicianJob, 'vehicle' | 'vehicleColor'>): string {
  return describeVisitVehicle(job.vehicle) || job.vehicleColor || 'Not given';
}

export function JobDetail({
  term,
  wide,
  children,
}: {
  term: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
