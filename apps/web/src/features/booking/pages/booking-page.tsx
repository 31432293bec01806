// The booking form (/booking, optional ?service=<id> preselects it, and a maintenance reminder's
// &vehicle=<id> picks the garage vehicle: use-reminder-prefill.ts): five sections in the spec's
// order, validated by the shared bookingFormSchema (fetched on first use: booking-resolver.ts) with
// the spec's messages at their fields, and 'Go to Payment - $TOTAL' for everything selected.
import type { BookingForm } from '@pitstop/shared/booking/forms';
import { formatPrice } from '@pitstop/shared/money';
import { can } from '@pitstop/shared/permissions';
import type { Service } from '@pitstop/shared/services/responses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Car, CreditCard, MapPin, User, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { businessProfileQueryOptions, useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatZoneName } from '../../../lib/business-time.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { garageQueryOptions } from '../../../lib/garage.ts';
import { servicesQueryOptions } from '../../../lib/service-catalog.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { loadBookingDraft, type BookingDraft } from '../booking-draft.ts';
import { splitPersonName } from '@pitstop/shared/text';
import { EMPTY_BOOKING } from '../booking-form.ts';
import { bookingResolver, loadBookingResolver } from '../booking-resolver.ts';
import { withServedZip } from '../served-zip.ts';
import { BookingSection } from '../components/booking-section.tsx';
import { ContactFields, LocationFields } from '../components/contact-fields.tsx';
import { ScheduleFields } from '../components/schedule-fields.tsx';
import { ServicePicker } from '../components/service-picker.tsx';
import { VehicleFields } from '../components/vehicle-fields.tsx';
import { useBookingSubmit } from '../use-booking-submit.ts';
import { useCancelledCheckout } from '../use-cancelled-checkout.ts';
import { useProfilePrefill } from '../use-profile-prefill.ts';
import { useReminderPrefill, useReminderSignInPath } from '../use-reminder-prefill.ts';
import { ReminderSignIn } from '../components/reminder-sign-in.tsx';

const preloadRules = () => void loadBookingResolver().catch(() => {});

function initialValues(draft: BookingDraft | null, serviceId: string | null): BookingForm {
  return { ...EMPTY_BOOKING, services: serviceId ? [serviceId] : [], ...draft };
}

const totalOf = (services: readonly Service[], selected: readonly string[]) =>
  services.reduce(
    (sum, service) => sum + (selected.includes(service.id) ? service.priceCents : 0),
    0,
  );

export function BookingPage() {
  const [searchParams] = useSearchParams();
  useCancelledCheckout();
  const { viewer } = useViewer();
  const services = useQuery(servicesQueryOptions());
  const business = useBusinessProfile();
  // Technicians have no garage; a garage that cannot be read only hides 'Select from My Garage'.
  const garage = useQuery({
    ...garageQueryOptions(viewer?.userId ?? ''),
    enabled: viewer !== null && can(viewer.role, 'vehicle:manage:own'),
  });
  // Read once: what a signed-out visitor typed before signing in.
  const [draft] = useState(loadBookingDraft);
  // A ZIP no service area covers is refused at its field, from the profile the page has.
  const queryClient = useQueryClient();
  const [resolver] = useState(() =>
    withServedZip(bookingResolver, () =>
      queryClient.getQueryData(businessProfileQueryOptions().queryKey),
    ),
  );
  const form = useForm({
    resolver,
    defaultValues: initialValues(draft, searchParams.get('service')),
  });
  useProfilePrefill(form, viewer !== null);
  const [garageVehicleId, setGarageVehicleId] = useState('');
  useReminderPrefill(form, garage.data, setGarageVehicleId);
  const reminderSignIn = useReminderSignInPath(viewer !== null);
  const { submit, isBusy, isLeaving } = useBookingSubmit(form);
  const selected = useWatch({ control: form.control, name: 'services' }) ?? [];
  const catalogue = services.data ?? [];
  const totalCents = totalOf(catalogue, selected);
  // Until the business profile answers (or if it cannot), today in the default zone.
  const today = businessToday(business.data?.timeZone);

  // The signed-in customer's e-mail and name, where nothing has been typed yet.
  useEffect(() => {
    if (!viewer) return;
    const known = { email: viewer.email, ...splitPersonName(viewer.name) };
    for (const field of ['firstName', 'lastName', 'email'] as const) {
      if (known[field] && !form.getValues(field)) form.setValue(field, known[field]);
    }
  }, [viewer, form]);

  // A ?service= or draft id the catalogue does not have is dropped, not sent to be refused.
  useEffect(() => {
    if (!services.data) return;
    const chosen = form.getValues('services') ?? [];
    const known = chosen.filter((id) => services.data.some((service) => service.id === id));
    if (known.length !== chosen.length) form.setValue('services', known);
  }, [services.data, form]);

  return (
    <>
      <title>Book a Service · Pitstop</title>
      <section className="relative isolate overflow-hidden bg-brand-950 text-white">
        <div className="absolute inset-0 -z-10 bg-glow-top-right" aria-hidden="true" />
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            Book a visit
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Book Your Service
          </h1>
          <p className="mt-3 text-lg leading-relaxed text-slate-300 text-pretty">
            Choose your services and a time, tell us where the car is, and pay securely. A licensed
            technician comes to you.
          </p>
        </div>
      </section>

      <div className="bg-slate-50 py-8 sm:py-12">
        <form
          noValidate
          onSubmit={submit}
          // The form's rules, fetched while the visitor fills it in rather than at the submit.
          onFocus={preloadRules}
          aria-label="Book a service"
          className="mx-auto flex max-w-3xl flex-col gap-6 px-4 sm:px-6"
        >
          {reminderSignIn && <ReminderSignIn to={reminderSignIn} />}
          <fieldset disabled={isBusy} className="contents">
            <BookingSection step={1} title="Service Details" icon={<Wrench />}>
              {services.isPending ? (
                <LoadingState label="Loading services…" />
              ) : services.isError ? (
                <ErrorState
                  title="We couldn't load our services"
                  message={errorMessage(services.error, 'Please try again in a moment.')}
                  onRetry={() => void services.refetch()}
                  isRetrying={services.isFetching}
                />
              ) : null}
              <Controller
                control={form.control}
                name="services"
                render={({ field, fieldState }) => (
                  <div hidden={!services.isSuccess}>
                    <ServicePicker
                      services={catalogue}
                      selected={field.value ?? []}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      firstRef={field.ref}
                      totalCents={totalCents}
                    />
                  </div>
                )}
              />
            </BookingSection>

            <BookingSection step={2} title="Schedule" icon={<CalendarDays />}>
              <ScheduleFields
                form={form}
                today={today}
                zoneName={business.data && formatZoneName(business.data.timeZone)}
              />
            </BookingSection>

            <BookingSection step={3} title="Contact Information" icon={<User />}>
              <ContactFields form={form} />
            </BookingSection>

            <BookingSection step={4} title="Service Location" icon={<MapPin />}>
              <LocationFields form={form} />
            </BookingSection>

            <BookingSection step={5} title="Vehicle Information" icon={<Car />}>
              <VehicleFields
                form={form}
                garage={garage.data ?? []}
                garageVehicleId={garageVehicleId}
                onGarageVehicleChange={setGarageVehicleId}
              />
            </BookingSection>

            {/* On a phone the total and the way to pay stay at the bottom of the screen while
                the form scrolls (sticky within the form, so it settles at the form's end and
                never covers what follows; index.css keeps what gets focus above it); wider
                screens show it in place. */}
            <div
              data-payment-bar
              className="sticky bottom-0 z-10 -mx-4 border-t border-border bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-10px_rgb(15_23_42/0.35)] sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
            >
              <Button type="submit" size="lg" className="w-full">
                {isBusy ? <Spinner /> : <CreditCard aria-hidden="true" />}
                {isLeaving ? 'Going to payment…' : `Go to Payment - ${formatPrice(totalCents)}`}
              </Button>
            </div>
            <p className="-mt-3 text-center text-sm text-muted-foreground">
              You pay on a secure checkout page. Your time is held for 30 minutes while you pay.
            </p>
          </fieldset>
        </form>
      </div>
    </>
  );
}
