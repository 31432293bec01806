// Add Services: the catalogue's services that are not on the visit yet, each with its price; Add is
// disabled until one is chosen. What is added becomes part of the visit, to be paid on site (its
// balance due).
import { formatPrice } from '@pitstop/shared/money';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { servicesQueryOptions } from '../../../lib/service-catalog.ts';
import { useAddServices } from '../api.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';

export interface AddServicesDialogProps {
  /** The job whose visit gets the services; null when closed. */
  job: TechnicianJob | null;
  onClose: () => void;
}

export function AddServicesDialog({ job, onClose }: AddServicesDialogProps) {
  return (
    <Dialog open={job !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Services</DialogTitle>
          <DialogDescription>
            {job
              ? `Services done on site for ${job.customerName}. They are added to the visit as a balance due.`
              : 'Services done on site.'}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by job, so one visit's choices never carry over to another. */}
        {job && <AddServicesForm key={job.id} job={job} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AddServicesForm({ job, onDone }: { job: TechnicianJob; onDone: () => void }) {
  const catalogue = useQuery(servicesQueryOptions());
  const addServices = useAddServices();
  const [chosen, setChosen] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const listId = useId();
  const isSaving = addServices.isPending;

  if (catalogue.isPending) return <LoadingState label="Loading services…" className="min-h-32" />;
  if (catalogue.isError) {
    return (
      <ErrorState
        title="We couldn't load the services"
        message={errorMessage(catalogue.error, 'Please try again in a moment.')}
        onRetry={() => void catalogue.refetch()}
        isRetrying={catalogue.isFetching}
      />
    );
  }

  const onVisit = new Set(job.visitServiceIds);
  const offered = catalogue.data.filter((service) => !onVisit.has(service.id));
  const toggle = (id: string, isChecked: boolean) =>
    setChosen((ids) => (isChecked ? [...ids, id] : ids.filter((one) => one !== id)));
  const totalCents = offered
    .filter((service) => chosen.includes(service.id))
    .reduce((sum, service) => sum + service.priceCents, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    setOutcome(null);
    addServices.mutate(
      {
        job,
        serviceIds: chosen,
        serviceNames: offered
          .filter((service) => chosen.includes(service.id))
          .map((service) => service.name),
      },
      {
        onSuccess: (sent) => {
          if (sent.queued) {
            toast(SYNC_WORDS.queued);
            onDone();
            return;
          }
          const { added, visitBalanceDueCents } = sent.answer;
          const count = added.length;
          toast.success(
            `${count} ${count === 1 ? 'service' : 'services'} added. Balance due: ${formatPrice(visitBalanceDueCents)}`,
          );
          onDone();
        },
        onError: (error) =>
          setOutcome({
            tone: 'error',
            message: errorMessage(error, 'Failed to add services. Please try again.'),
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormMessage outcome={outcome} />
      {offered.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          Every service is already on this visit.
        </p>
      ) : (
        <fieldset disabled={isSaving} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Services not on this visit yet</legend>
          {offered.map((service) => {
            const id = `${listId}-${service.id}`;
            return (
              <label
                key={service.id}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-3 has-checked:border-primary has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  id={id}
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={chosen.includes(service.id)}
                  onChange={(event) => toggle(service.id, event.target.checked)}
                />
                <span className="min-w-0 flex-1 text-sm font-medium">{service.name}</span>
                <span className="text-sm font-semibold tabular-nums">
                  {formatPrice(service.priceCents)}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {chosen.length === 0
          ? TECHNICIAN_MESSAGES.chooseService
          : `Adds ${formatPrice(totalCents)} to the balance due.`}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isSaving}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={chosen.length === 0 || isSaving}>
          {isSaving && <Spinner className="size-4" />}
          {isSaving ? 'Adding…' : 'Add Services'}
        </Button>
      </DialogFooter>
    </form>
  );
}
