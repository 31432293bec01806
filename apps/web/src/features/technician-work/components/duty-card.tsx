// The dashboard's welcome, status and Start Duty / End Duty toggle (it toggles between available
// and off-duty), with the stat cards Today's Jobs, Completed Today and Service Area. The status
// shown is always the one the server answered.
import type { TechnicianDashboard } from '@pitstop/shared/technicians/responses';
import { isOnDuty } from '@pitstop/shared/technicians/rules';
import { Briefcase, CheckCircle2, MapPinned, Power } from 'lucide-react';
import type { ReactNode } from 'react';
import { TechnicianStatusBadge } from '../../../components/technician-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useSetDuty } from '../api.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';

export function DutyCard({ dashboard }: { dashboard: TechnicianDashboard }) {
  const { technician, stats } = dashboard;
  const setDuty = useSetDuty();
  const onDuty = isOnDuty(technician.status);

  const toggle = () =>
    setDuty.mutate(!onDuty, {
      onSuccess: (sent) =>
        sent.queued
          ? toast(SYNC_WORDS.queued)
          : toast.success(isOnDuty(sent.answer.status) ? 'You are on duty.' : 'You are off duty.'),
      onError: (error) =>
        toast.error(errorMessage(error, 'Failed to change your duty status. Please try again.')),
    });

  return (
    <section aria-labelledby="welcome-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 rounded-card bg-brand-950 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 id="welcome-title" className="text-2xl font-bold tracking-tight text-balance">
            Welcome back, {technician.name || 'Technician'}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-300">
            Your status:
            <TechnicianStatusBadge status={technician.status} />
          </p>
          {!technician.worksToday && (
            <p className="mt-2 text-sm text-slate-300">Today is not one of your working days.</p>
          )}
        </div>
        <Button
          variant={onDuty ? 'outline' : 'accent'}
          size="lg"
          onClick={toggle}
          disabled={setDuty.isPending}
          className="w-full sm:w-auto"
        >
          {setDuty.isPending ? <Spinner className="size-5" /> : <Power aria-hidden="true" />}
          {onDuty ? 'End Duty' : 'Start Duty'}
        </Button>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat icon={<Briefcase />} term="Today's Jobs" value={stats.todaysJobs} />
        <Stat icon={<CheckCircle2 />} term="Completed Today" value={stats.completedToday} />
        <Stat
          icon={<MapPinned />}
          term="Service Area"
          value={
            technician.serviceAreas.length > 0 ? technician.serviceAreas.join(', ') : 'Not set'
          }
          wide
        />
      </dl>
    </section>
  );
}

function Stat({
  icon,
  term,
  value,
  wide = false,
}: {
  icon: ReactNode;
  term: string;
  value: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={`flex flex-col gap-1 rounded-card border border-border bg-card p-4 shadow-sm ${
        wide ? 'col-span-2 sm:col-span-1' : ''
      }`}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-primary">
        <span aria-hidden="true">{icon}</span>
        {term}
      </dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
    </div>
  );
}
