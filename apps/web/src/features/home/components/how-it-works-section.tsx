// 'How It Works': the three steps from booking to a finished service.
import { CalendarCheck, CheckCircle2, Truck, type LucideIcon } from 'lucide-react';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const STEPS: Step[] = [
  {
    icon: CalendarCheck,
    title: 'Book',
    text: 'Choose your services, pick a time and tell us where the car will be. Pay securely online.',
  },
  {
    icon: Truck,
    title: 'We Come To You',
    text: 'Your technician arrives at the scheduled time with the oil, parts and tools for the job.',
  },
  {
    icon: CheckCircle2,
    title: 'Service Complete',
    text: 'We finish the work, tidy up and hand the car back, ready to drive. No waiting room required.',
  },
];

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works-title" className="bg-muted py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            How It Works
          </h2>
          <p className="mt-4 text-muted-foreground">
            Three steps, and you never have to leave home.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-card bg-card p-6 shadow-sm sm:p-8">
              <div className="flex items-center gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-950 text-lg font-bold text-accent-400">
                  {index + 1}
                </span>
                <Icon className="size-6 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
