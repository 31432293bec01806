// Decorative picture of a booked visit for the hero; hidden from assistive tech, as it is not data.
import { CalendarClock, Car, CheckCircle2, MapPin, Truck, Wrench } from 'lucide-react';

export function VisitPreview() {
  return (
    <div className="relative mx-auto hidden w-full max-w-md lg:block" aria-hidden="true">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-white/5 ring-1 ring-white/10" />
      <div className="rounded-card bg-white p-6 text-foreground shadow-2xl">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-muted-foreground">Your visit</p>
          <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            Confirmed
          </span>
        </div>
        <div className="mt-4 flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Wrench className="size-5" />
          </span>
          <div>
            <p className="font-semibold">Oil change &amp; inspection</p>
            <p className="text-sm text-muted-foreground">Technician brings oil, filter and tools</p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <CalendarClock className="size-4" /> When
            </dt>
            <dd className="mt-1 font-semibold">The time you pick</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <MapPin className="size-4" /> Where
            </dt>
            <dd className="mt-1 font-semibold">Wherever you park</dd>
          </div>
        </dl>
        <ol className="mt-5 space-y-3 border-t border-border pt-5 text-sm">
          <li className="flex items-center gap-3">
            <CheckCircle2 className="size-5 text-green-700" /> Booked and paid online
          </li>
          <li className="flex items-center gap-3">
            <Truck className="size-5 text-brand-700" /> Technician on the way
          </li>
          <li className="flex items-center gap-3 text-muted-foreground">
            <Car className="size-5" /> Back on the road
          </li>
        </ol>
      </div>
    </div>
  );
}
