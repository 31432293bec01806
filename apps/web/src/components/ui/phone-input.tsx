// Phone input that formats as (XXX) XXX-XXXX while typing: digits only, at most 10.
import { formatPhone, PHONE_DISPLAY_LENGTH } from '@pitstop/shared/phone';
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
      maxLength={PHONE_DISPLAY_LENGTH}
      placeholder="(555) 123-4567"
      {...props}
      value={value}
      onChange={(event) => onChange(formatPhone(event.target.value))}
    />
  );
}
