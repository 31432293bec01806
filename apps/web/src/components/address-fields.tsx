// Street Address, City and ZIP Code for any form that has them (onboarding, the profile, the
// admin's Edit Technician dialog). They render into the caller's grid, as its direct children.
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';

interface AddressValues extends FieldValues {
  street: string;
  city: string;
  zipCode: string;
}

/** Each field's span in a six-column grid (street over city and ZIP) or a two-column one. */
const SPANS = {
  6: { street: 'sm:col-span-6', city: 'sm:col-span-4', zipCode: 'sm:col-span-2' },
  2: { street: 'sm:col-span-2', city: undefined, zipCode: undefined },
} as const;

export interface AddressFieldsProps<T extends AddressValues, O> {
  form: UseFormReturn<T, unknown, O>;
  /** Makes the inputs' ids unique on the page: `${idPrefix}-street`, `-city`, `-zip`. */
  idPrefix: string;
  /** The columns of the grid the fields sit in. */
  columns: 6 | 2;
  /** False for someone else's address: the browser must not offer to fill in your own. */
  autofill?: boolean;
  streetHint?: ReactNode;
}

export function AddressFields<T extends AddressValues, O>({
  form,
  idPrefix,
  columns,
  autofill = true,
  streetHint,
}: AddressFieldsProps<T, O>) {
  const { errors } = form.formState;
  const spans = SPANS[columns];
  return (
    <>
      <FormField
        id={`${idPrefix}-street`}
        label="Street Address"
        hint={streetHint}
        error={errors.street?.message as string | undefined}
        className={spans.street}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete={autofill ? 'street-address' : 'off'}
            {...form.register('street' as Path<T>)}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-city`}
        label="City"
        error={errors.city?.message as string | undefined}
        className={spans.city}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete={autofill ? 'address-level2' : 'off'}
            {...form.register('city' as Path<T>)}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-zip`}
        label="ZIP Code"
        error={errors.zipCode?.message as string | undefined}
        className={spans.zipCode}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete={autofill ? 'postal-code' : 'off'}
            inputMode="numeric"
            maxLength={10}
            {...form.register('zipCode' as Path<T>)}
          />
        )}
      </FormField>
    </>
  );
}
