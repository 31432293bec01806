// One of today's jobs on the technician's dashboard: when, what, for whom and where, the vehicle
// (year, make, model, colour, plate) and the customer's notes; a status picker limited to
// scheduled, in progress and completed, where Completed first asks for the odometer; the visit's
// balance due, or what was paid of it; and the quick actions: call the customer, open the
// address in a maps app, add services done on site, show the balance's payment link.
import { balancePaidWords } from '@pitstop/shared/appointments/balance';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { phoneHref } from '@pitstop/shared/phone';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import {
  TECHNICIAN_JOB_STATUSES,
  type TechnicianJobStatus,
} from '@pitstop/shared/technicians/rules';
import { Clock, CloudUpload, MapPin, Phone, PlusCircle, QrCode } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useSetJobStatus } from '../api.ts';
import { JOB_STATUS_LABELS } from '../job-status-labels.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';
import { ArrivalControl } from './arrival-control.tsx';
import { JobDetail, jobVehicleLine, mapsHref } from './job-details.tsx';

// The payment link's dialog (with its QR code) loads only when a technician opens it.
const BalanceLinkDialog = lazy(async () => ({
  default: (await import('./balance-link-dialog.tsx')).BalanceLinkDialog,
}));
// So does the Complete form (the odometer), with its form library.
const CompleteJobForm = lazy(async () => ({
  default: (await import('./complete-job-form.tsx')).CompleteJobForm,
}));

const isTechnicianStatus = (status: string): status is TechnicianJobStatus =>
  (TECHNICIAN_JOB_STATUSES as readonly string[]).includes(status);

export interface JobCardProps {
  job: TechnicianJob;
  /** A service of the job's visit is under way or done: the technician is there already. */
  isVisitBegun?: boolean;
  onAddServices: (job: TechnicianJob) => void;
  /** A change made with no signal has not reached the server yet. */
  isWaitingToSync?: boolean;
  /** Of those, an On my way / Running late. */
  isArrivalWaiting?: boolean;
}

export function JobCard({
  job,
  isVisitBegun = false,
  onAddServices,
  isWaitingToSync = false,
  isArrivalWaiting = false,
}: JobCardProps) {
  const headingId = `job-${job.id}-title`;
  const time = formatTime12(job.time);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-base leading-snug font-semibold">
          <span className="flex items-center gap-1.5 text-sm font-semibold text-primary">
            <Clock className="size-4" aria-hidden="true" />
            {time}
          </span>
          <span className="sr-only">, </span>
          {job.serviceName}
        </h3>
        {isWaitingToSync && (
          <p className="flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800">
            <CloudUpload className="size-3.5" aria-hidden="true" />
            {SYNC_WORDS.waiting}
          </p>
        )}
        {job.visitBalanceDueCents > 0 && (
          <p className="rounded-full border border-amber-200 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            Balance due {formatPrice(job.visitBalanceDueCents)}
          </p>
        )}
        {job.visitBalanceDueCents === 0 && job.visitBalancePaidCents > 0 && (
          <p className="rounded-full border border-green-200 bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {balancePaidWords(job.visitBalancePaidCents)}
          </p>
        )}
      </div>

      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <JobDetail term="Customer">{job.customerName}</JobDetail>
        <JobDetail term="Address">{job.location}</JobDetail>
        <JobDetail term="Vehicle">{jobVehicleLine(job)}</JobDetail>
        {job.vehicle?.vin && <JobDetail term="VIN">{job.vehicle.vin}</JobDetail>}
        {job.description && (
          <JobDetail term="Notes" wide>
            {job.description}
          </JobDetail>
        )}
      </dl>

      {job.status === 'scheduled' && job.bookingId !== null && !isVisitBegun && (
        <ArrivalControl job={job} isWaitingToSync={isArrivalWaiting} />
      )}

      {isTechnicianStatus(job.status) && <StatusPicker job={job} status={job.status} />}

      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {job.phone ? (
          <Button asChild variant="outline">
            <a href={phoneHref(job.phone)}>
              <Phone aria-hidden="true" />
              Call<span className="sr-only"> {job.customerName}</span>
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Phone aria-hidden="true" />
            No phone
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={mapsHref(job.location)} target="_blank" rel="noopener noreferrer">
            <MapPin aria-hidden="true" />
            Open in Maps
            <span className="sr-only"> for {job.customerName} (opens in a new tab)</span>
          </a>
        </Button>
        <Button
          variant="secondary"
          className="col-span-2 sm:col-span-1"
          onClick={() => onAddServices(job)}
        >
          <PlusCircle aria-hidden="true" />
          Add Services<span className="sr-only"> to {job.customerName}&apos;s visit</span>
        </Button>
        {job.visitBalanceDueCents > 0 && <PaymentLink job={job} />}
      </div>
    </article>
  );
}

function PaymentLink({ job }: { job: TechnicianJob }) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        className="col-span-2 sm:col-span-3"
        onClick={() => {
          setIsWanted(true);
          setIsOpen(true);
        }}
      >
        <QrCode aria-hidden="true" />
        Payment link<span className="sr-only">: {job.customerName}&apos;s balance</span>
      </Button>
      {isWanted && (
        <Suspense fallback={null}>
          <BalanceLinkDialog
            job={job}
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function StatusPicker({ job, status }: { job: TechnicianJob; status: TechnicianJobStatus }) {
  const setStatus = useSetJobStatus();
  // Completed asks for the odometer first: the select keeps the status until the form is sent.
  const [isCompleting, setIsCompleting] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const id = `job-${job.id}-status`;
  const onChange = (next: TechnicianJobStatus) =>
    setStatus.mutate(
      { job, status: next },
      {
        onSuccess: (sent) =>
          sent.queued
            ? toast(SYNC_WORDS.queued)
            : toast.success(`${job.serviceName} is now ${JOB_STATUS_LABELS[next]}.`),
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to update the status. Please try again.')),
      },
    );
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="flex items-center gap-2">
        Status
        {setStatus.isPending && <Spinner className="size-4 text-primary" />}
      </Label>
      <NativeSelect
        ref={select}
        id={id}
        value={status}
        disabled={setStatus.isPending}
        onChange={(event) => {
          const next = event.target.value;
          if (!isTechnicianStatus(next) || next === status) return;
          if (next === 'completed') setIsCompleting(true);
          else onChange(next);
        }}
      >
        {TECHNICIAN_JOB_STATUSES.map((option) => (
          <option key={option} value={option}>
            {JOB_STATUS_LABELS[option]}
          </option>
        ))}
      </NativeSelect>
      {isCompleting && (
        <Suspense fallback={<Spinner className="size-4 text-primary" />}>
          <CompleteJobForm
            job={job}
            onClose={() => {
              setIsCompleting(false);
              select.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
