// A technician's Home ZIP and the service areas they cover, as checkboxes from the business's own
// list (GET /api/business), for onboarding and the admin's Edit Technician dialog. They render
// into the caller's grid, as its direct children.
import { clsx } from 'clsx';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useBusinessProfile } from '../lib/business-profile.ts';
import { errorMessage } from '../lib/api.ts';
import { Button } from './ui/button.tsx';
import { FieldError, FormField } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

interface CoverageValues extends FieldValues {
  homeZip?: string | null;
  serviceAreaIds?: string[];
}

export interface ServiceAreaFieldsProps<T extends CoverageValues, O> {
  form: UseFormReturn<T, unknown, O>;
  /** Makes the controls' ids unique on the page: `${idPrefix}-home-zip`, `-area-N`. */
  idPrefix: string;
  /** Speaking to the technician (onboarding) or about them (the admin's dialog). */
  voice: 'own' | 'admin';
  /** Classes of each of the two blocks in the caller's grid (its column span). */
  className?: string;
}

export function ServiceAreaFields<T extends CoverageValues, O>({
  form,
  idPrefix,
  voice,
  className,
}: ServiceAreaFieldsProps<T, O>) {
  const { errors } = form.formState;
  const business = useBusinessProfile();
  const areas = business.data?.serviceAreas;
  const hintId = `${idPrefix}-areas-hint`;
  const error = errors.serviceAreaIds?.message as string | undefined;
  const errorId = error ? `${idPrefix}-areas-error` : undefined;
  return (
    <>
      <FormField
        id={`${idPrefix}-home-zip`}
        label="Home ZIP"
        hint={
          voice === 'own'
            ? 'Where your day starts: the drive to your first job is from here.'
            : 'Where their day starts: the drive to their first job is from here.'
        }
        error={errors.homeZip?.message as string | undefined}
        className={className}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete={voice === 'own' ? 'postal-code' : 'off'}
            className="sm:max-w-40"
            {...form.register('homeZip' as Path<T>)}
          />
        )}
      </FormField>
      <fieldset
        aria-describedby={errorId ?? hintId}
        className={clsx('flex min-w-0 flex-col gap-2', className)}
      >
        <legend className="mb-2 text-sm font-medium">Service Areas</legend>
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {voice === 'own' ? 'Choose every area you cover.' : 'The areas this technician covers.'}
        </p>
        {areas ? (
          areas.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-4 text-sm text-muted-foreground">
              The business has no service areas yet: they are set in Business Profile.
            </p>
          ) : (
            <Controller
              control={form.control}
              name={'serviceAreaIds' as Path<T>}
              render={({ field }) => {
                const chosen = (field.value as string[] | undefined) ?? [];
                const toggle = (id: string, isChecked: boolean) =>
                  field.onChange(
                    // In the business's order, and only ids it still lists.
                    areas
                      .map((area) => area.id)
                      .filter((areaId) => (areaId === id ? isChecked : chosen.includes(areaId))),
                  );
                return (
                  <div className="grid gap-2 sm:grid-cols-2">
                    {areas.map((area, index) => {
                      const id = `${idPrefix}-area-${index}`;
                      return (
                        <label
                          key={area.id}
                          htmlFor={id}
                          className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-3 has-checked:border-primary has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-ring"
                        >
                          <input
                            id={id}
                            ref={index === 0 ? field.ref : undefined}
                            type="checkbox"
                            className="size-4 shrink-0 accent-primary"
                            checked={chosen.includes(area.id)}
                            onChange={(event) => toggle(area.id, event.target.checked)}
                            onBlur={field.onBlur}
                            aria-invalid={error ? true : undefined}
                          />
                          <span className="min-w-0 flex-1 text-sm font-medium break-words">
                            {area.name}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                );
              }}
            />
          )
        ) : business.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            <span>{errorMessage(business.error, "We couldn't load the service areas.")}</span>
            <Button variant="outline" size="sm" onClick={() => void business.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading service areas…
          </p>
        )}
        <FieldError id={errorId} message={error} />
      </fieldset>
    </>
  );
}
