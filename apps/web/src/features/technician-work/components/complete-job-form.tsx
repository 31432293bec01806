// Completing a job: the odometer (always asked; the visit's reading so far filled in), and
// optionally the oil used and a note. A reading below the vehicle's last one comes back with the
// server's words and a confirmation that sends the form as it then stands, the reading confirmed
// right. Loaded when first opened: the dashboard itself carries no form library.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  JOB_RECORD_MESSAGES,
  jobCompletionFormSchema,
  type JobCompletionForm,
  type JobCompletionValues,
} from '@pitstop/shared/technicians/forms';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { useSetJobStatus } from '../api.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';

const FIELDS = ['odometerMiles', 'oilUsed', 'note'] as const;

export interface CompleteJobFormProps {
  job: TechnicianJob;
  /** The job is completed (the form closes), or the technician cancelled. */
  onClose: () => void;
}

export function CompleteJobForm({ job, onClose }: CompleteJobFormProps) {
  const setStatus = useSetJobStatus();
  const form = useForm<JobCompletionForm, unknown, JobCompletionValues>({
    resolver: standardSchemaResolver(jobCompletionFormSchema),
    defaultValues: {
      odometerMiles: job.visitOdometerMiles === null ? '' : String(job.visitOdometerMiles),
      oilUsed: '',
      note: '',
    },
  });
  // The server's words on a reading lower than the vehicle's last one, until it is changed.
  const [lowerMessage, setLowerMessage] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const titleId = `job-${job.id}-complete-title`;
  const idPrefix = `job-${job.id}-complete`;

  useEffect(() => {
    form.setFocus('odometerMiles');
  }, [form]);

  async function send(values: JobCompletionValues, confirmLowerOdometer: boolean) {
    try {
      const sent = await setStatus.mutateAsync({
        job,
        status: 'completed',
        record: {
          odometerMiles: values.odometerMiles,
          ...(values.oilUsed ? { oilUsed: values.oilUsed } : {}),
          ...(values.note ? { note: values.note } : {}),
          ...(confirmLowerOdometer ? { confirmLowerOdometer } : {}),
        },
      });
      if (sent.queued) toast(SYNC_WORDS.queued);
      else toast.success(`${job.serviceName} is now Completed.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ODOMETER_LOWER') {
        setLowerMessage(error.message);
        return;
      }
      const shown = serverFieldErrors(error, FIELDS);
      for (const [field, message] of shown) form.setError(field, { message });
      if (shown[0]) form.setFocus(shown[0][0]);
      else toast.error(errorMessage(error, 'Failed to update the status. Please try again.'));
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={form.handleSubmit((values) => send(values, false))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="flex flex-col gap-3 rounded-md border border-border p-3"
    >
      <h4 id={titleId} className="text-sm font-semibold">
        Complete {job.serviceName}
      </h4>
      <FormField
        id={`${idPrefix}-odometer`}
        label="Odometer (miles)"
        error={errors.odometerMiles?.message}
      >
        {(control) => (
          <Input
            {...control}
            // A changed reading is a new reading: the warning about the old one goes.
            {...form.register('odometerMiles', { onChange: () => setLowerMessage(null) })}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
          />
        )}
      </FormField>
      {lowerMessage && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{lowerMessage}</p>
          <Button
            type="button"
            variant="outline"
            disabled={isSubmitting || setStatus.isPending}
            // The form as it stands now: the oil used or the note may have changed since.
            onClick={form.handleSubmit((values) => send(values, true))}
          >
            {JOB_RECORD_MESSAGES.confirmLower}
          </Button>
        </div>
      )}
      <FormField
        id={`${idPrefix}-oil`}
        label="Oil used"
        labelNote="Optional"
        error={errors.oilUsed?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('oilUsed')}
            maxLength={60}
            placeholder="e.g. 5W-30, 4.5 qt"
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-note`}
        label="Note"
        labelNote="Optional"
        error={errors.note?.message}
      >
        {(control) => <Textarea {...control} {...form.register('note')} rows={2} maxLength={500} />}
      </FormField>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || setStatus.isPending}>
          {isSubmitting ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
          Complete job
        </Button>
      </div>
    </form>
  );
}
