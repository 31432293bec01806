// The business profile in view mode: contact details, scheduling settings and the week's hours
// (12-hour times, or Closed).
import { formatDayHours, WEEKDAYS } from '@pitstop/shared/business/hours';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { CalendarClock, Clock, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { timeZoneLabel } from '../time-zones.ts';
import { WEEKDAY_LABELS } from '../weekdays.ts';
import { ProfileSection } from './profile-section.tsx';

export function BusinessProfileView({ profile }: { profile: BusinessProfile }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
      <div className="grid gap-6">
        <ProfileSection icon={Store} title="Contact details">
          <dl className="divide-y divide-border">
            <Detail term="Business name">{profile.name}</Detail>
            <Detail term="Phone">{profile.phone}</Detail>
            <Detail term="Email">
              <span className="break-all">{profile.email}</span>
            </Detail>
          </dl>
        </ProfileSection>
        <ProfileSection icon={CalendarClock} title="Scheduling">
          <dl className="divide-y divide-border">
            <Detail term="Time zone">{timeZoneLabel(profile.timeZone)}</Detail>
            <Detail term="Visits per time slot">{profile.capacity}</Detail>
          </dl>
        </ProfileSection>
      </div>

      <ProfileSection icon={Clock} title="Business hours">
        <dl className="divide-y divide-border">
          {WEEKDAYS.map((day) => {
            const hours = profile.hours[day];
            return (
              <Detail key={day} term={WEEKDAY_LABELS[day]} inline>
                {hours.isOpen ? (
                  formatDayHours(hours)
                ) : (
                  <Badge variant="secondary" className="font-medium">
                    Closed
                  </Badge>
                )}
              </Detail>
            );
          })}
        </dl>
      </ProfileSection>
    </div>
  );
}

/** A term and its value; `inline` keeps short values beside the term even on phones. */
function Detail({
  term,
  inline = false,
  children,
}: {
  term: string;
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4',
        inline ? 'flex-row items-center justify-between gap-4' : 'flex-col',
      )}
    >
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium sm:text-right">{children}</dd>
    </div>
  );
}
