// The business profile in view mode: contact details, scheduling settings (how slots are offered,
// Visits per time slot saying when they leave it unused, how long before a visit its reminder goes
// out, and before a vehicle's next service its maintenance reminder), the cancellation and
// rescheduling policy in words, the drive estimates, the week's hours (12-hour times, or Closed)
// and the service areas with their ZIP codes.
import { formatDayHours, WEEKDAYS } from '@pitstop/shared/business/hours';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import type { CancellationPolicy } from '@pitstop/shared/business/cancellation-policy';
import { formatPrice } from '@pitstop/shared/money';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import { SLOT_MODE_LABELS } from '@pitstop/shared/business/slot-mode';
import { CalendarClock, CalendarX, Clock, MapPin, Route, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { timeZoneLabel } from '../time-zones.ts';
import { WEEKDAY_LABELS } from '../weekdays.ts';
import { ProfileSection } from './profile-section.tsx';
import { CAPACITY_NOT_USED } from './slot-mode-fields.tsx';

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
            <Detail term="Visits per time slot">
              {profile.capacity}
              {profile.slotMode === 'technicians' && (
                <span className="block text-sm font-normal text-muted-foreground">
                  {CAPACITY_NOT_USED}
                </span>
              )}
            </Detail>
            <Detail term="Offer Slots">{SLOT_MODE_LABELS[profile.slotMode]}</Detail>
            <Detail term="Reminder before each visit">
              {reminderWords(profile.reminderLeadHours)}
            </Detail>
            <Detail term="Maintenance reminder">
              {maintenanceWords(profile.maintenanceReminderDays)}
            </Detail>
          </dl>
        </ProfileSection>
        <PolicyView policy={profile.cancellationPolicy} />
        <ProfileSection icon={Route} title="Driving">
          <dl className="divide-y divide-border">
            <Detail term="Road factor">{roadFactorWords(profile.roadFactorPercent)}</Detail>
            <Detail term="Average speed">{`${profile.averageSpeedMph} mph`}</Detail>
            <Detail term="Minimum time between visits">
              {`${profile.minTravelMinutes} ${profile.minTravelMinutes === 1 ? 'minute' : 'minutes'}`}
            </Detail>
          </dl>
        </ProfileSection>
      </div>

      <div className="grid gap-6">
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
        <AreasView areas={profile.serviceAreas} />
      </div>
    </div>
  );
}

function AreasView({ areas }: { areas: readonly ServiceArea[] }) {
  const servesEverywhere = areas.every((area) => area.zips.length === 0);
  return (
    <ProfileSection
      icon={MapPin}
      title="Service Areas"
      description={
        servesEverywhere
          ? 'No ZIP codes listed: visits can be booked at any ZIP code.'
          : 'Visits can be booked only at these ZIP codes.'
      }
    >
      {areas.length === 0 ? (
        <p className="text-sm text-muted-foreground">No service areas.</p>
      ) : (
        <dl className="divide-y divide-border">
          {areas.map((area) => (
            <Detail key={area.id} term={area.name}>
              <span className="break-words">
                {area.zips.length > 0 ? area.zips.join(', ') : 'No ZIP codes'}
              </span>
            </Detail>
          ))}
        </dl>
      )}
    </ProfileSection>
  );
}

/** 130 -> "1.3", 100 -> "1.0", 133 -> "1.33". */
function roadFactorWords(percent: number): string {
  return (percent / 100).toFixed(percent % 10 === 0 ? 1 : 2);
}

function reminderWords(hours: number): string {
  if (hours === 0) return 'No reminders';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} before`;
}

function maintenanceWords(days: number): string {
  if (days === 0) return 'No maintenance reminders';
  return `${days} ${days === 1 ? 'day' : 'days'} before due`;
}

function PolicyView({ policy }: { policy: CancellationPolicy }) {
  const until = (hours: number) => `Until ${hours} ${hours === 1 ? 'hour' : 'hours'} before`;
  const late = {
    'no-refund': 'All of it (no refund)',
    'fixed-fee': `A fee of ${formatPrice(policy.lateFeeCents)}`,
    percentage: `${policy.lateFeePercent}% of the amount paid`,
  }[policy.lateCancellation];
  return (
    <ProfileSection icon={CalendarX} title="Cancellation and rescheduling">
      <dl className="divide-y divide-border">
        <Detail term="Rescheduling online">
          {policy.rescheduleOnline ? until(policy.rescheduleCutoffHours) : 'Not allowed'}
        </Detail>
        <Detail term="Cancelling online, full refund">
          {policy.cancelOnline ? until(policy.cancelCutoffHours) : 'Not allowed'}
        </Detail>
        {policy.cancelOnline && <Detail term="A later cancellation costs">{late}</Detail>}
      </dl>
    </ProfileSection>
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
