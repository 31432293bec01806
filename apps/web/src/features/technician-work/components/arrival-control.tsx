// On my way / Running late on a job not yet started: the technician picks when they will arrive
// (in 15 to 60 minutes, or at a time) and the customer is told, by text or e-mail. Once told, the
// card shows the estimate and the button becomes Running late, which sends a new one.
import { VISIT_MESSAGE_WORDS, ARRIVAL_MINUTES } from '@pitstop/shared/notifications/visit-texts';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { Car } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { useAnnounceArrival } from '../api.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';

const AT_A_TIME = 'at';

export function ArrivalControl({
  job,
  isWaitingToSync = false,
}: {
  job: TechnicianJob;
  /** An estimate made with no signal waits to sync: a second would text the customer twice. */
  isWaitingToSync?: boolean;
}) {
  const announce = useAnnounceArrival();
  const timeZone = useBusinessProfile().data?.timeZone;
  const [choice, setChoice] = useState<string>(String(ARRIVAL_MINUTES[1]));
  const [at, setAt] = useState('');
  const isLate = job.arrivalEstimateAt !== null;
  const label = isLate ? VISIT_MESSAGE_WORDS.runningLate : VISIT_MESSAGE_WORDS.onMyWay;
  const selectId = `job-${job.id}-arrival`;
  const timeId = `job-${job.id}-arrival-time`;
  const send = () =>
    announce.mutate(
      {
        job,
        arrival: choice === AT_A_TIME ? { at } : { minutes: Number(choice) },
        timeZone,
      },
      {
        onSuccess: (sent) =>
          sent.queued
            ? toast(SYNC_WORDS.queued)
            : toast.success(VISIT_MESSAGE_WORDS.onMyWaySent(sent.answer.arrival)),
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not tell the customer. Please try again.')),
      },
    );
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        {label}
        <span className="sr-only">: {job.customerName}</span>
      </legend>
      {isWaitingToSync && (
        <p className="text-sm text-muted-foreground">{SYNC_WORDS.arrivalWaiting}</p>
      )}
      {job.arrivalEstimateAt && (
        <p className="text-sm text-muted-foreground">
          {VISIT_MESSAGE_WORDS.onMyWaySent(formatMoment(job.arrivalEstimateAt, 'time', timeZone))}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-36 flex-1 flex-col gap-1">
          <Label htmlFor={selectId}>{VISIT_MESSAGE_WORDS.arrivalQuestion}</Label>
          <NativeSelect id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
            {ARRIVAL_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                In {minutes} minutes
              </option>
            ))}
            <option value={AT_A_TIME}>{VISIT_MESSAGE_WORDS.arrivalAt}</option>
          </NativeSelect>
        </div>
        {choice === AT_A_TIME && (
          <div className="flex flex-col gap-1">
            <Label htmlFor={timeId}>Arrival time</Label>
            <Input
              id={timeId}
              type="time"
              value={at}
              required
              onChange={(e) => setAt(e.target.value)}
            />
          </div>
        )}
        <Button
          type="button"
          onClick={send}
          disabled={announce.isPending || isWaitingToSync || (choice === AT_A_TIME && at === '')}
        >
          <Car aria-hidden="true" />
          {label}
          <span className="sr-only">: tell {job.customerName}</span>
        </Button>
      </div>
    </fieldset>
  );
}
