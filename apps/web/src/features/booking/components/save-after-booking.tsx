// After a paid visit, /checkout-success says the visit's vehicle is in My Garage (the server
// keeps it there when the payment is confirmed) and offers to keep its address on the profile, so
// the next booking is quicker: one click, nothing kept without it. The offer is left out when it
// would keep nothing new (the same address is on the profile), when the profile would refuse it,
// and for a technician, who has no garage and whose address is where they work from.
import type { BookedAddress, BookedVehicle } from '@pitstop/shared/booking/responses';
import { can } from '@pitstop/shared/permissions';
import { joinAddress, isZipCode, type AddressParts } from '@pitstop/shared/profile/address';
import type { Profile } from '@pitstop/shared/profile/responses';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Car, CheckCircle2, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { garageQueryKey, garageQueryOptions } from '../../../lib/garage.ts';
import { ownProfileQueryOptions } from '../../../lib/own-profile.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useSaveBookedAddress } from '../save-after-booking-api.ts';

const ADDRESS_FAILED = 'Failed to update profile. Please try again.';

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
  /** The My Garage vehicle the paid visit was linked to, if any. */
  garageVehicleId: string | null;
}

export function SaveAfterBooking({ vehicle, address, garageVehicleId }: SaveAfterBookingProps) {
  const { viewer } = useViewer();
  const canKeep = viewer !== null && can(viewer.role, 'vehicle:manage:own');
  const profile = useQuery({ ...ownProfileQueryOptions(), enabled: canKeep && address !== null });
  const saveAddress = useSaveBookedAddress();
  const headingId = useId();

  // Once saved, the offer stays to say so, though the profile now holds what it kept.
  const hasSavedAddress = saveAddress.isSuccess;
  const profileData = profile.data;
  const addressOffer =
    address &&
    (hasSavedAddress ||
      (profileData &&
        addressKey(address) !== addressKey(profileData) &&
        canProfileTake(address, profileData)))
      ? address
      : null;
  if (!canKeep) return null;

  const current = profileData && profileData.street ? joinAddress(profileData) : '';
  return (
    <>
      {garageVehicleId && (
        <InGarageNote userId={viewer.userId} garageVehicleId={garageVehicleId} booked={vehicle} />
      )}
      {addressOffer && (
        <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-4">
          <h2 id={headingId} className="text-sm font-semibold">
            Save for next time
          </h2>
          <p className="mt-1 text-sm text-muted-foreground text-pretty">
            Book faster next time. Nothing is saved unless you choose it.
          </p>
          <ul className="mt-4 space-y-4">
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
                if (profileData)
                  saveAddress.mutate({ profile: profileData, address: addressOffer });
              }}
            />
          </ul>
        </section>
      )}
    </>
  );
}

interface InGarageNoteProps {
  userId: string;
  garageVehicleId: string;
  /** The vehicle as booked: its name until the garage is read. */
  booked: BookedVehicle | null;
}

/**
 * Says the visit's vehicle is in My Garage. Any copy of the garage read before the payment was
 * confirmed lacks it (or its new visit): the list is read again now, and the rest (each
 * vehicle's history) when next shown, so /profile and /booking offer it.
 */
function InGarageNote({ userId, garageVehicleId, booked }: InGarageNoteProps) {
  const queryClient = useQueryClient();
  const garage = useQuery({ ...garageQueryOptions(userId), refetchOnMount: 'always' });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: garageQueryKey(userId), refetchType: 'none' });
  }, [queryClient, userId, garageVehicleId]);
  // Named as the garage has it: found by VIN or plate, it keeps the name it was saved under.
  const saved = garage.data?.find((vehicle) => vehicle.id === garageVehicleId);
  const named = saved ?? booked;
  const name = named ? `${named.year} ${named.make} ${named.model}` : 'Your vehicle';

  return (
    <section
      aria-label="My Garage"
      className="mt-6 flex items-start gap-3 rounded-xl border border-border p-4"
    >
      <span
        className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-4"
        aria-hidden="true"
      >
        <Car />
      </span>
      <div className="min-w-0 text-sm">
        <p className="break-words text-foreground text-pretty">
          {`${name} is in My Garage, with its service history and when its next service is due.`}
        </p>
        <Button asChild variant="outline" className="mt-3 w-full sm:w-auto">
          <Link to={PATHS.profile}>View My Garage</Link>
        </Button>
      </div>
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
