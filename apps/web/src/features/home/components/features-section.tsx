// The four reasons to book.
import { BadgeCheck, CalendarClock, MapPin, Star, type LucideIcon } from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: CalendarClock,
    title: 'Convenient Scheduling',
    text: 'Pick a date and time that suits you and book online in minutes. Your confirmation arrives by e-mail with a calendar invite.',
  },
  {
    icon: MapPin,
    title: 'We Come To You',
    text: 'At home, at the office or wherever your car is parked. Carry on with your day while we work.',
  },
  {
    icon: BadgeCheck,
    title: 'Licensed Technicians',
    text: 'Trained, licensed technicians who use quality oils, filters and parts to your manufacturer’s specification.',
  },
  {
    icon: Star,
    title: '5-Star Service',
    text: 'Clear prices before you book, on-time arrivals, and a clean driveway when we leave.',
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="bg-background py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between lg:gap-12">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">
              Why drivers choose us
            </p>
            <h2
              id="features-title"
              className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
            >
              Skip the shop. Keep your schedule.
            </h2>
          </div>
          <p className="max-w-md text-muted-foreground lg:text-right">
            The routine care your car needs, without the drive across town or an hour in a waiting
            room.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              // Icon beside the text on phones keeps four cards from filling several screens.
              className="flex gap-4 rounded-card border border-border bg-card p-5 shadow-sm sm:block sm:p-6"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold sm:mt-5">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">
                  {text}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
