// The Add Service form and a row's inline edit: name, icon, description, price (parsed as a number,
// default 0), duration, the includes list, the maintenance interval (miles, months, or none) and
// whether the service changes the oil. Validated by the shared serviceFormSchema here and again by
// the server; the server's field errors are shown next to their fields.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { serviceIdFromName } from '@pitstop/shared/services/catalog';
import { serviceFormSchema } from '@pitstop/shared/services/forms';
import type { ServiceForm as ServiceFormValues } from '@pitstop/shared/services/forms';
import { SERVICE_ICONS } from '@pitstop/shared/services/icons';
import {
  MAX_INTERVAL_MILES,
  MAX_INTERVAL_MONTHS,
  MIN_INTERVAL_MILES,
  MIN_INTERVAL_MONTHS,
  SERVICE_OIL_CHANGE_WORDS,
} from '@pitstop/shared/services/intervals';
import type { Service } from '@pitstop/shared/services/responses';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '../../../components/ui/toast.ts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { IncludesEditor } from './includes-editor.tsx';
import { SERVICE_ICON_LABELS, ServiceIcon } from './service-icon.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';

type ServiceFormOutput = z.output<typeof serviceFormSchema>;

const FIELDS = [
  'name',
  'icon',
  'description',
  'price',
  'duration',
  'includes',
  'intervalMiles',
  'intervalMonths',
  'includesOilChange',
] as const;
type Field = (typeof FIELDS)[number];

type IncludesErrors = FieldErrors<ServiceFormValues>['includes'];

/** One message for the list: its own, or the first item's (e.g. 'An included item is too long'). */
function includesError(errors: IncludesErrors): string | undefined {
  if (!errors) return undefined;
  if (errors.message) return errors.message;
  if (errors.root?.message) return errors.root.message;
  if (Array.isArray(errors)) return errors.find((item) => item?.message)?.message;
  return undefined;
}

function defaultsFor(service?: Service): ServiceFormValues {
  return service
    ? {
        name: service.name,
        icon: service.icon,
        description: service.description,
        price: service.price.toFixed(2),
        duration: service.duration,
        includes: service.includes,
        intervalMiles: service.intervalMiles == null ? '' : String(service.intervalMiles),
        intervalMonths: service.intervalMonths == null ? '' : String(service.intervalMonths),
        includesOilChange: service.includesOilChange ?? false,
      }
    : {
        name: '',
        icon: 'Droplets',
        description: '',
        price: '',
        duration: '',
        includes: [],
        intervalMiles: '',
        intervalMonths: '',
        includesOilChange: false,
      };
}

export interface ServiceFormProps {
  /** The service being edited; absent for Add Service. */
  service?: Service;
  /** Prefix for the controls' ids, unique on the page. */
  idPrefix: string;
  submitLabel: string;
  onSubmit: (values: ServiceFormOutput) => Promise<unknown>;
  onCancel: () => void;
  /** Heading and text above the fields. */
  header?: ReactNode;
}

export function ServiceForm({
  service,
  idPrefix,
  submitLabel,
  onSubmit,
  onCancel,
  header,
}: ServiceFormProps) {
  const form = useForm({
    resolver: standardSchemaResolver(serviceFormSchema),
    defaultValues: defaultsFor(service),
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);
  const name = useWatch({ control: form.control, name: 'name' });
  const id = (field: Field) => `${idPrefix}-${field}`;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!showServerErrors(error)) toast.error(errorMessage(error));
    }
  });

  const slug = serviceIdFromName(name ?? '');
  const idHint = service
    ? `Its id stays “${service.id}” if you rename it, so bookings keep pointing at it.`
    : slug
      ? `Its id will be “${slug}”.`
      : 'Its id is made from the name.';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {header}
      <fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
        <FormField id={id('name')} label="Name" hint={idHint} error={errors.name?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={80} {...form.register('name')} />
          )}
        </FormField>

        <FormField id={id('icon')} label="Icon" error={errors.icon?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="icon"
              render={({ field }) => (
                <Select
                  name={field.name}
                  value={field.value}
                  onValueChange={field.onChange}
                  disabled={isSubmitting}
                >
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Choose an icon" />
                  </SelectTrigger>
                  <SelectContent>
                    {SERVICE_ICONS.map((icon) => (
                      <SelectItem key={icon} value={icon}>
                        <span className="flex items-center gap-2">
                          <ServiceIcon icon={icon} className="size-4 text-brand-700" />
                          {SERVICE_ICON_LABELS[icon]}
                        </span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>

        <FormField
          id={id('price')}
          label="Price"
          hint="In dollars, e.g. 49.99. Leave empty for 0."
          error={errors.price?.message}
        >
          {(control) => (
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              >
                $
              </span>
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="pl-7"
                {...form.register('price')}
              />
            </div>
          )}
        </FormField>

        <FormField
          id={id('duration')}
          label="Duration"
          hint="e.g. 45 minutes or 30-45 minutes"
          error={errors.duration?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('duration')} />}
        </FormField>

        <FormField
          id={id('description')}
          label="Description"
          labelNote="Optional"
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea {...control} rows={3} maxLength={500} {...form.register('description')} />
          )}
        </FormField>

        <FormField
          id={id('intervalMiles')}
          label="Due again after (miles)"
          labelNote="Optional"
          hint={`${MIN_INTERVAL_MILES} to ${MAX_INTERVAL_MILES.toLocaleString('en-US')}; empty for none.`}
          error={errors.intervalMiles?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('intervalMiles')}
            />
          )}
        </FormField>

        <FormField
          id={id('intervalMonths')}
          label="Due again after (months)"
          labelNote="Optional"
          hint={`${MIN_INTERVAL_MONTHS} to ${MAX_INTERVAL_MONTHS}; empty for none. Whichever comes first is due.`}
          error={errors.intervalMonths?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('intervalMonths')}
            />
          )}
        </FormField>

        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id={id('includesOilChange')}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-primary"
            aria-describedby={`${id('includesOilChange')}-hint`}
            {...form.register('includesOilChange')}
          />
          <div>
            <label htmlFor={id('includesOilChange')} className="text-sm font-medium">
              {SERVICE_OIL_CHANGE_WORDS.label}
            </label>
            <p id={`${id('includesOilChange')}-hint`} className="text-sm text-muted-foreground">
              {SERVICE_OIL_CHANGE_WORDS.hint}
            </p>
            {errors.includesOilChange?.message && (
              <p className="text-sm text-destructive" role="alert">
                {errors.includesOilChange.message}
              </p>
            )}
          </div>
        </div>

        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="includes"
            render={({ field }) => (
              <IncludesEditor
                id={id('includes')}
                value={field.value ?? []}
                onChange={field.onChange}
                error={includesError(errors.includes)}
                disabled={isSubmitting}
              />
            )}
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
