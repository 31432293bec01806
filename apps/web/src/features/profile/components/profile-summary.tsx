// The profile's summary: since when, in which role, and how many appointments and saved vehicles. A
// technician's counts are the jobs assigned to them, and they have no garage, so no vehicle count.
import type { Profile } from '@pitstop/shared/profile/responses';
import { formatMoment } from '../../../lib/business-time.ts';
import { ROLE_LABELS } from '../../../lib/role-labels.ts';

export interface ProfileSummaryProps {
  profile: Profile;
  timeZone: string | undefined;
}

export function ProfileSummary({ profile, timeZone }: ProfileSummaryProps) {
  const { summary } = profile;
  const counts =
    profile.role === 'technician'
      ? [
          { label: 'Jobs', value: summary.appointments },
          { label: 'Upcoming Jobs', value: summary.upcoming },
          { label: 'Completed Jobs', value: summary.completed },
        ]
      : [
          { label: 'Appointments', value: summary.appointments },
          { label: 'Upcoming', value: summary.upcoming },
          { label: 'Completed', value: summary.completed },
          { label: 'Vehicles', value: summary.vehicles },
        ];
  return (
    <section
      aria-labelledby="profile-summary-title"
      className="rounded-card border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="profile-summary-title" className="text-lg font-semibold">
        Summary
      </h2>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Member since</dt>
          <dd className="font-medium">
            {formatMoment(profile.memberSince, 'monthYear', timeZone)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Role</dt>
          <dd className="font-medium">{ROLE_LABELS[profile.role]}</dd>
        </div>
      </dl>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {counts.map((count) => (
          <div key={count.label} className="flex flex-col-reverse rounded-lg bg-muted px-3 py-2.5">
            <dt className="text-xs font-medium text-muted-foreground">{count.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{count.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
