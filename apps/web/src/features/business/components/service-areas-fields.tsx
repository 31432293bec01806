// The "Service Areas" card of the profile's edit form: the business's areas in order, each a name
// and the ZIP codes or 3-digit prefixes it covers, typed as one text ("30301, 30302, 303"). An
// area keeps its id through a rename (technicians cover areas by id); a new one gets its id when
// saved. A booking at a ZIP no area covers is refused; with no ZIP listed anywhere, every ZIP is
// served.
import type { BusinessProfileFormValues } from '@pitstop/shared/business/profile';
import { SERVICE_AREA_NAME_MAX_LENGTH } from '@pitstop/shared/business/profile';
import { SERVICE_AREAS_MAX } from '@pitstop/shared/business/service-areas';
import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ProfileSection } from './profile-section.tsx';
import type { ProfileFormControl } from '../profile-form.ts';

interface ServiceAreasFieldsProps {
  control: ProfileFormControl;
  register: UseFormRegister<BusinessProfileFormValues>;
  errors: FieldErrors<BusinessProfileFormValues>;
}

/** The id of an area's name field, which takes focus when the area is added. */
const areaNameId = (index: number) => `service-area-${index}-name`;

export function ServiceAreasFields({ control, register, errors }: ServiceAreasFieldsProps) {
  // The area's own `id` stays in the values; the list's keys live under `key`.
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'serviceAreas',
    keyName: 'key',
  });
  const names = useWatch({ control, name: 'serviceAreas' });
  const listError = errors.serviceAreas?.message ?? errors.serviceAreas?.root?.message;
  const isFull = fields.length >= SERVICE_AREAS_MAX;

  return (
    <ProfileSection
      icon={MapPin}
      title="Service Areas"
      description="Bookings are taken only at the ZIP codes listed here, and the footer names these areas. With no ZIP code listed, every ZIP is served."
    >
      <div className="grid gap-4">
        {fields.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No service areas: visits can be booked at any ZIP code.
          </p>
        )}
        <ol className="grid gap-4">
          {fields.map((field, index) => {
            const areaErrors = errors.serviceAreas?.[index];
            const name = names?.[index]?.name?.trim() || `Area ${index + 1}`;
            return (
              <li
                key={field.key}
                aria-label={name}
                className="grid gap-3 rounded-lg border border-border p-4"
              >
                <div className="flex items-end gap-2">
                  <FormField
                    id={areaNameId(index)}
                    label="Area name"
                    error={areaErrors?.name?.message ?? areaErrors?.id?.message}
                    className="min-w-0 flex-1"
                  >
                    {(props) => (
                      <Input
                        {...props}
                        maxLength={SERVICE_AREA_NAME_MAX_LENGTH}
                        {...register(`serviceAreas.${index}.name`)}
                      />
                    )}
                  </FormField>
                  <Button
                    variant="ghost-remove"
                    size="icon"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${name}`}
                    className={areaErrors?.name || areaErrors?.id ? 'mb-7' : undefined}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <FormField
                  id={`service-area-${index}-zips`}
                  label="ZIP codes"
                  hint="5-digit ZIP codes or 3-digit prefixes, separated by commas (303 covers 30301 to 30399)."
                  error={zipsError(areaErrors?.zips)}
                >
                  {(props) => (
                    <Textarea
                      {...props}
                      rows={2}
                      inputMode="numeric"
                      spellCheck={false}
                      placeholder="e.g. 30301, 30302, 303"
                      {...register(`serviceAreas.${index}.zips`)}
                    />
                  )}
                </FormField>
              </li>
            );
          })}
        </ol>
        <FieldError id="service-areas-error" message={listError} />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            disabled={isFull}
            aria-describedby={isFull ? 'service-areas-full' : undefined}
            onClick={() =>
              append({ name: '', zips: '' }, { focusName: `serviceAreas.${fields.length}.name` })
            }
          >
            <Plus aria-hidden="true" />
            Add area
          </Button>
          {isFull && (
            <p id="service-areas-full" className="text-sm text-muted-foreground">
              {`At most ${SERVICE_AREAS_MAX} service areas.`}
            </p>
          )}
        </div>
      </div>
    </ProfileSection>
  );
}

/** The ZIP codes' message: the list's own, or the first of its entries'. */
function zipsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const entry of Object.values(error)) {
    const message = (entry as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
