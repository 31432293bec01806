// Analytics' range of days: From and To, checked with the shared query schema (its words, at the
// field) before anything is asked of the server. A range the address holds is checked the same
// way, so a bad link shows what is wrong with it.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { analyticsQuerySchema, type AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

export interface AnalyticsRangeFormProps {
  /** The range shown; the form starts from it (key the form by it to start again). */
  range: AnalyticsQuery;
  /** Whether `range` came with errors, which the form then shows at once. */
  isInvalid: boolean;
  onSubmit: (range: AnalyticsQuery) => void;
}

export function AnalyticsRangeForm({ range, isInvalid, onSubmit }: AnalyticsRangeFormProps) {
  const id = useId();
  const form = useForm({
    resolver: standardSchemaResolver(analyticsQuerySchema),
    defaultValues: range,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (isInvalid) void form.trigger();
  }, [form, isInvalid]);

  return (
    <form
      noValidate
      aria-label="Date range"
      onSubmit={form.handleSubmit(onSubmit)}
      className="grid grid-cols-2 gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:flex sm:flex-wrap sm:items-start sm:gap-4 sm:p-5"
    >
      <FormField id={`${id}-from`} label="From" error={errors.from?.message} className="sm:w-44">
        {(control) => <Input type="date" {...control} {...form.register('from')} />}
      </FormField>
      <FormField id={`${id}-to`} label="To" error={errors.to?.message} className="sm:w-44">
        {(control) => <Input type="date" {...control} {...form.register('to')} />}
      </FormField>
      {/* Lined up with the inputs: below their labels' line and gap. */}
      <Button type="submit" className="col-span-2 sm:mt-[1.375rem]">
        Show figures
      </Button>
    </form>
  );
}
