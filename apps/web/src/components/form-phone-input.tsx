// A phone number field of a react-hook-form form: the PhoneInput that formats while typing, bound
// to the form's value `name`. Every form with a phone uses this one.
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PhoneInput, type PhoneInputProps } from './ui/phone-input.tsx';

export type FormPhoneInputProps<T extends FieldValues, Output extends FieldValues = T> = Omit<
  PhoneInputProps,
  'value' | 'onChange' | 'onBlur' | 'name'
> & {
  /** The form's `control` (named so, since FormField's own props are spread in as well). */
  formControl: Control<T, unknown, Output>;
  name: FieldPath<T>;
};

export function FormPhoneInput<T extends FieldValues, Output extends FieldValues = T>({
  formControl,
  name,
  ...props
}: FormPhoneInputProps<T, Output>) {
  return (
    <Controller
      control={formControl}
      name={name}
      render={({ field }) => (
        <PhoneInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
