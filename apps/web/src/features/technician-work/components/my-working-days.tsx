// The technician's month of working days: tap a day from today on to switch it; past days are
// disabled. Switching today off makes the technician off duty and on again available: the server
// applies those rules and the dashboard shows the status it answers.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { WorkingDaysCalendar } from '../../../components/working-days-calendar.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useSetWorkingDay, workingDaysQueryOptions } from '../api.ts';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function dayName(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return DAY.format(new Date(y, m - 1, d));
}

export function MyWorkingDays({ today }: { today: string }) {
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const workingDays = useQuery({
    ...workingDaysQueryOptions(month),
    placeholderData: keepPreviousData,
  });
  const setWorkingDay = useSetWorkingDay();
  const { data } = workingDays;

  const onToggle = (date: string, working: boolean) =>
    setWorkingDay.mutate(
      { date, working },
      {
        onSuccess: (answer) =>
          toast.success(
            `${dayName(answer.date)} is ${answer.working ? 'now a working day' : 'now a day off'}.`,
          ),
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to update your working days. Please try again.')),
      },
    );

  return (
    <section
      aria-labelledby="working-days-title"
      className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-start gap-3">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5"
          aria-hidden="true"
        >
          <CalendarDays />
        </span>
        <div>
          <h2 id="working-days-title" className="text-lg leading-tight font-semibold">
            My Working Days
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Tap a day to mark it as a working day or a day off.
          </p>
        </div>
      </div>
      {data ? (
        <div className="flex justify-center">
          <WorkingDaysCalendar
            label="My working days"
            month={month}
            onMonthChange={setMonth}
            workingDays={data.days}
            today={data.today}
            onToggle={onToggle}
            // Locked while a change saves, and while another month's days are on their way.
            disabled={setWorkingDay.isPending || workingDays.isPlaceholderData}
          />
        </div>
      ) : workingDays.isError ? (
        <ErrorState
          title="We couldn't load your working days"
          message={errorMessage(workingDays.error, 'Please try again in a moment.')}
          onRetry={() => void workingDays.refetch()}
          isRetrying={workingDays.isFetching}
        />
      ) : (
        <LoadingState label="Loading your working days…" className="min-h-72" />
      )}
    </section>
  );
}
