// Phone input that formats as (XXX) XXX-XXXX while typing, pasting or autofilling: digits only,
// at most 10, a leading country code 1 dropped. No maxLength: the browser would cut a pasted
// "+1 (555) 987-6543" to 14 characters before the formatting sees it, leaving a wrong number.
import { formatPhone } from '@pitstop/shared/phone';
import type { ComponentProps } from 'react';
import { Input } from './input.tsx';

export type PhoneInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (phone: string) => void;
};

export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 123-4567"
      {...props}
      value={value}
      onChange={(event) => onChange(formatPhone(event.target.value))}
    />
  );
}
