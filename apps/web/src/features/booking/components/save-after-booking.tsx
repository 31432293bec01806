// After a paid visit, /checkout-success offers to keep its vehicle in My Garage and its address on
// the profile, so the next booking is quicker: one click each, nothing kept without it. An offer
// is left out when it would keep nothing new (the same car, by make, model and year or by plate,
// is in the garage; the same address is on the profile), when the garage or the profile would
// refuse it, and for a technician, who has no garage and whose address is where they work from.
import type { BookedAddress, BookedVehicle } from '@pitstop/shared/booking/responses';
import { can } from '@pitstop/shared/permissions';
import { joinAddress, isZipCode, type AddressParts } from '@pitstop/shared/profile/address';
import type { Profile } from '@pitstop/shared/profile/responses';
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import {
  isPlausibleVehicleYear,
  isValidPlate,
  MAX_GARAGE_VEHICLES,
  plateKey,
  VEHICLE_MESSAGES,
} from '@pitstop/shared/vehicles/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { Car, CheckCircle2, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { garageQueryOptions } from '../../../lib/garage.ts';
import { ownProfileQueryOptions } from '../../../lib/own-profile.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useSaveBookedAddress, useSaveBookedVehicle } from '../save-after-booking-api.ts';

const ADDRESS_FAILED = 'Failed to update profile. Please try again.';

const isSameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function isInGarage(vehicle: BookedVehicle, garage: readonly Vehicle[]): boolean {
  const plate = plateKey(vehicle.licensePlate);
  return garage.some(
    (saved) =>
      plateKey(saved.licensePlate) === plate ||
      (isSameText(saved.make, vehicle.make) &&
        isSameText(saved.model, vehicle.model) &&
        String(saved.year) === vehicle.year.trim()),
  );
}

/** Whether My Garage would take the vehicle: room left, a model year and a plate it accepts. */
function canGarageTake(vehicle: BookedVehicle, garage: readonly Vehicle[]): boolean {
  const year = vehicle.year.trim();
  return (
    garage.length < MAX_GARAGE_VEHICLES &&
    /^\d{4}$/.test(year) &&
    isPlausibleVehicleYear(Number(year)) &&
    isValidPlate(vehicle.licensePlate)
  );
}

const addressKey = (parts: AddressParts) => joinAddress(parts).toLowerCase().replace(/\s+/g, ' ');

/** Whether the profile would take the address: a ZIP code, a city without a comma, a name. */
function canProfileTake(address: BookedAddress, profile: Profile): boolean {
  return (
    profile.name.trim() !== '' &&
    address.street.trim() !== '' &&
    !address.city.includes(',') &&
    isZipCode(address.zipCode.trim())
  );
}

export interface SaveAfterBookingProps {
  vehicle: BookedVehicle | null;
  address: BookedAddress | null;
}

export function SaveAfterBooking({ vehicle, address }: SaveAfterBookingProps) {
  const { viewer } = useViewer();
  const canKeep = viewer !== null && can(viewer.role, 'vehicle:manage:own');
  const userId = viewer?.userId ?? '';
  const garage = useQuery({ ...garageQueryOptions(userId), enabled: canKeep && vehicle !== null });
  const profile = useQuery({ ...ownProfileQueryOptions(), enabled: canKeep && address !== null });
  const saveVehicle = useSaveBookedVehicle(userId);
  const saveAddress = useSaveBookedAddress();
  const headingId = useId();

  // Once saved, an offer stays to say so, though the garage or profile now hold what it kept.
  const hasSavedVehicle = saveVehicle.isSuccess;
  const hasSavedAddress = saveAddress.isSuccess;
  const vehicleOffer =
    vehicle &&
    (hasSavedVehicle ||
      (garage.data && !isInGarage(vehicle, garage.data) && canGarageTake(vehicle, garage.data)))
      ? vehicle
      : null;
  const profileData = profile.data;
  const addressOffer =
    address &&
    (hasSavedAddress ||
      (profileData &&
        addressKey(address) !== addressKey(profileData) &&
        canProfileTake(address, profileData)))
      ? address
      : null;
  if (!canKeep || (!vehicleOffer && !addressOffer)) return null;

  const current = profileData && profileData.street ? joinAddress(profileData) : '';
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-4">
      <h2 id={headingId} className="text-sm font-semibold">
        Save for next time
      </h2>
      <p className="mt-1 text-sm text-muted-foreground text-pretty">
        Book faster next time. Nothing is saved unless you choose it.
      </p>
      <ul className="mt-4 space-y-4">
        {vehicleOffer && (
          <Offer
            icon={<Car />}
            title={`${vehicleOffer.year} ${vehicleOffer.make} ${vehicleOffer.model}`}
            detail={`${vehicleOffer.color} · ${vehicleOffer.licensePlate}`}
            action="Save to My Garage"
            saved={
              <>
                Saved to My Garage. <Link to={PATHS.profile}>View My Garage</Link>
              </>
            }
            isSaved={hasSavedVehicle}
            isSaving={saveVehicle.isPending}
            error={
              saveVehicle.isError
                ? errorMessage(saveVehicle.error, VEHICLE_MESSAGES.addFailed)
                : null
            }
            onSave={() => saveVehicle.mutate(vehicleOffer)}
          />
        )}
        {addressOffer && (
          <Offer
            icon={<MapPin />}
            title={addressOffer.street}
            detail={`${addressOffer.city}, ${addressOffer.zipCode}`}
            note={current && !hasSavedAddress ? `Replaces ${current} on your profile.` : null}
            action="Save address to my profile"
            saved="Saved to your profile."
            isSaved={hasSavedAddress}
            isSaving={saveAddress.isPending}
            error={saveAddress.isError ? errorMessage(saveAddress.error, ADDRESS_FAILED) : null}
            onSave={() => {
              if (profileData) saveAddress.mutate({ profile: profileData, address: addressOffer });
            }}
          />
        )}
      </ul>
    </section>
  );
}

interface OfferProps {
  icon: ReactNode;
  title: string;
  detail: string;
  note?: string | null;
  /** The button's words. */
  action: string;
  /** What replaces the button once saved. */
  saved: ReactNode;
  isSaved: boolean;
  isSaving: boolean;
  error: string | null;
  onSave: () => void;
}

function Offer({
  icon,
  title,
  detail,
  note,
  action,
  saved,
  isSaved,
  isSaving,
  error,
  onSave,
}: OfferProps) {
  const titleId = useId();
  const errorId = useId();

  return (
    <li className="flex flex-col gap-3">
      <div className="flex min-w-0 items-start gap-3">
        <span
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-4"
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0 text-sm">
          <p id={titleId} className="font-medium break-words text-foreground">
            {title}
          </p>
          <p className="text-muted-foreground break-words">{detail}</p>
          {note && <p className="mt-1 text-muted-foreground break-words">{note}</p>}
        </div>
      </div>
      <div className="sm:pl-12">
        {isSaved ? (
          <SavedNote>{saved}</SavedNote>
        ) : (
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={onSave}
            disabled={isSaving}
            aria-describedby={error ? `${titleId} ${errorId}` : titleId}
          >
            {isSaving && <Spinner />}
            {action}
          </Button>
        )}
        {error && !isSaved && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

/** Takes the place of the button once saved, and its focus: a screen reader hears it was saved. */
function SavedNote({ children }: { children: ReactNode }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    note.current?.focus();
  }, []);
  return (
    <p
      ref={note}
      tabIndex={-1}
      className="flex items-center gap-1.5 text-sm font-medium text-success outline-none [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4"
    >
      <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
