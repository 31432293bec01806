// The technician's jobs of the next days, read only: grouped by business-local date, one compact
// card per visit (its services, when, for whom, where, the car and the customer's notes), so the
// phone shows the week ahead even without a network. Nothing at all when there are none.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { phoneHref } from '@pitstop/shared/phone';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { CalendarDays, Clock } from 'lucide-react';
import { formatCalendarDay } from '../../../lib/visit-words.ts';
import { JobDetail, jobVehicleLine, mapsHref } from './job-details.tsx';

const DAY_MINUTES = 24 * 60;

/** One visit on one date: its services in the order they are done. */
interface UpcomingVisit {
  key: string;
  jobs: [TechnicianJob, ...TechnicianJob[]];
}

interface UpcomingDay {
  date: string;
  visits: UpcomingVisit[];
}

/** The jobs by date, then by visit (a job without a booking is a visit of its own), by time. */
function groupUpcomingJobs(jobs: readonly TechnicianJob[]): UpcomingDay[] {
  const ordered = [...jobs].sort(
    (a, b) => a.date.localeCompare(b.date) || a.startsAt.localeCompare(b.startsAt),
  );
  const days: UpcomingDay[] = [];
  for (const job of ordered) {
    let day = days.at(-1);
    if (day?.date !== job.date) {
      day = { date: job.date, visits: [] };
      days.push(day);
    }
    const key = job.bookingId ?? `job-${job.id}`;
    const visit = day.visits.find((candidate) => candidate.key === key);
    if (visit) visit.jobs.push(job);
    else day.visits.push({ key, jobs: [job] });
  }
  return days;
}

/** `HH:MM` plus `minutes` on the wall clock, wrapping past midnight. */
function timeAfter(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** '9:00 AM - 10:30 AM': from the first service's start to the last one's end. */
function timeWindow(jobs: UpcomingVisit['jobs']): string {
  const last = jobs.reduce((latest, job) => (job.endsAt > latest.endsAt ? job : latest));
  const end = timeAfter(last.time, last.durationMinutes);
  return `${formatTime12(jobs[0].time)} - ${formatTime12(end)}`;
}

const dayHeading = (date: string) =>
  formatCalendarDay(date, { weekday: 'long', month: 'long', day: 'numeric' });

export function UpcomingJobs({ jobs }: { jobs: readonly TechnicianJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="upcoming-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays className="size-5 text-primary" aria-hidden="true" />
        Next Days
      </h2>
      {groupUpcomingJobs(jobs).map((day) => (
        <section
          key={day.date}
          aria-labelledby={`upcoming-${day.date}`}
          className="flex flex-col gap-2"
        >
          <h3 id={`upcoming-${day.date}`} className="text-base font-semibold">
            {dayHeading(day.date)}
          </h3>
          <ul className="flex flex-col gap-2">
            {day.visits.map((visit) => (
              <li key={visit.key}>
                <UpcomingVisitCard jobs={visit.jobs} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function UpcomingVisitCard({ jobs }: { jobs: UpcomingVisit['jobs'] }) {
  const [first] = jobs;
  const headingId = `upcoming-job-${first.id}-title`;
  const notes = [...new Set(jobs.flatMap((job) => (job.description ? [job.description] : [])))];
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm"
    >
      <h4 id={headingId} className="min-w-0 text-base leading-snug font-semibold break-words">
        <span className="flex items-center gap-1.5 text-sm font-semibold text-primary">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {timeWindow(jobs)}
        </span>
        <span className="sr-only">, </span>
        {jobs.map((job) => job.serviceName).join(', ')}
      </h4>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <JobDetail term="Customer">{first.customerName}</JobDetail>
        <JobDetail term="Phone">
          {first.phone ? (
            <a
              href={phoneHref(first.phone)}
              className="font-medium text-primary underline underline-offset-2"
            >
              {first.phone}
              <span className="sr-only">, call {first.customerName}</span>
            </a>
          ) : (
            'Not given'
          )}
        </JobDetail>
        <JobDetail term="Address" wide>
          <a
            href={mapsHref(first.location)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline underline-offset-2"
          >
            {first.location}
            <span className="sr-only"> (opens in Maps in a new tab)</span>
          </a>
        </JobDetail>
        <JobDetail term="Vehicle" wide>
          {jobVehicleLine(first)}
        </JobDetail>
        {notes.length > 0 && (
          <JobDetail term="Notes" wide>
            {notes.join(' ')}
          </JobDetail>
        )}
      </dl>
    </article>
  );
}
