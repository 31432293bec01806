// Service Details: a checkbox card per service with its name, price, description, duration and
// includes, and the running total of everything selected.
import { formatPrice } from '@pitstop/shared/money';
import type { Service } from '@pitstop/shared/services/responses';
import { Check, Clock } from 'lucide-react';
import type { Ref } from 'react';
import { FieldError } from '../../../components/ui/form-field.tsx';

export interface ServicePickerProps {
  services: readonly Service[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur: () => void;
  error?: string;
  /** Takes the first checkbox, so an invalid submit can focus the group. */
  firstRef: Ref<HTMLInputElement>;
  totalCents: number;
}

export function ServicePicker({
  services,
  selected,
  onChange,
  onBlur,
  error,
  firstRef,
  totalCents,
}: ServicePickerProps) {
  const errorId = error ? 'booking-services-error' : undefined;
  const toggle = (id: string, isChecked: boolean) =>
    onChange(
      isChecked
        ? // Kept in the catalogue's order, whatever order they were ticked in.
          services.filter((s) => s.id === id || selected.includes(s.id)).map((s) => s.id)
        : selected.filter((item) => item !== id),
    );

  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-sm font-medium">Choose one or more services</legend>
      <ul className="grid gap-3 md:grid-cols-2">
        {services.map((service, index) => {
          const id = `booking-service-${service.id}`;
          return (
            <li key={service.id}>
              <div className="relative flex h-full gap-3 rounded-xl border border-border bg-background p-4 transition-colors hover:border-brand-300 has-checked:border-primary has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring">
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={id}
                  type="checkbox"
                  name="services"
                  value={service.id}
                  checked={selected.includes(service.id)}
                  onChange={(event) => toggle(service.id, event.target.checked)}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  className="relative z-10 mt-0.5 size-5 shrink-0 cursor-pointer accent-primary focus-visible:outline-none"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-3">
                    <label
                      htmlFor={id}
                      // The whole card toggles the service.
                      className="cursor-pointer font-semibold leading-snug after:absolute after:inset-0 after:rounded-xl"
                    >
                      {service.name}
                      <span className="sr-only">, {formatPrice(service.priceCents)}</span>
                    </label>
                    <span className="shrink-0 font-bold text-foreground" aria-hidden="true">
                      {formatPrice(service.priceCents)}
                    </span>
                  </div>
                  {service.description && (
                    <p className="mt-1 text-sm text-muted-foreground text-pretty">
                      {service.description}
                    </p>
                  )}
                  <p className="mt-2 flex items-center gap-1.5 text-sm font-medium">
                    <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    <span>
                      <span className="sr-only">Duration: </span>
                      {service.duration}
                    </span>
                  </p>
                  {service.includes.length > 0 && (
                    <ul className="mt-2 space-y-1 text-sm" aria-label={`${service.name} includes`}>
                      {service.includes.map((item, itemIndex) => (
                        <li key={`${itemIndex}-${item}`} className="flex gap-1.5">
                          <Check
                            className="mt-0.5 size-4 shrink-0 text-success"
                            aria-hidden="true"
                          />
                          <span>{item}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId} message={error} />
      <p
        className="mt-4 flex items-center justify-between rounded-lg bg-muted px-4 py-3 font-semibold"
        aria-live="polite"
      >
        <span>Total</span>
        <span data-testid="booking-total">{formatPrice(totalCents)}</span>
      </p>
    </fieldset>
  );
}
