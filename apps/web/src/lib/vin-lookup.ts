// A VIN looked up as it is typed, for the booking form and the My Garage dialog: once the field
// holds 17 characters, a valid VIN is decoded by the server (GET /api/vehicles/decode; its
// database never comes to the browser) and `onFound` fills make, model and year, which stay the
// customer's to change; an invalid one is 'Invalid VIN' at the field. Only the zod-free VIN rule
// is loaded here, so the booking page stays light.
import {
  vinDecodeResponseSchema,
  type VinDecodeResponse,
} from '@pitstop/shared/vehicles/responses';
import {
  INVALID_VIN,
  isValidVin,
  normalizeVin,
  VIN_NOT_DECODED,
} from '@pitstop/shared/vehicles/vin';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch, errorMessage } from './api.ts';

interface VinLookupOptions {
  /** The VIN's make, model and year, as the catalogue names them (null where unknown). */
  onFound: (vehicle: VinDecodeResponse) => void;
  /** The VIN field's message: INVALID_VIN, or null to clear it. */
  onFieldError: (message: string | null) => void;
}

interface VinLookup {
  /** Give it the field's every change. */
  onVinChange: (value: string) => void;
  /** Forget the lookup (the field was filled some other way). */
  reset: () => void;
  /** What the lookup found or why it found nothing, '' when there is nothing to say. */
  message: string;
}

function decodeVin(vin: string): Promise<VinDecodeResponse> {
  return apiFetch(`/api/vehicles/decode?vin=${encodeURIComponent(vin)}`, vinDecodeResponseSchema);
}

/** What was filled in from the VIN, in words. */
function vinFoundMessage({ make, model, year }: VinDecodeResponse): string {
  const known = [year, make, model].filter((part) => part !== null).join(' ');
  if (!known) return VIN_NOT_DECODED;
  if (make !== null && model !== null && year !== null) {
    return `From this VIN: ${known}. You can still change these details.`;
  }
  return `From this VIN: ${known}. Please choose the rest yourself.`;
}

export function useVinLookup({ onFound, onFieldError }: VinLookupOptions): VinLookup {
  const lookup = useMutation({ mutationFn: decodeVin });
  /** The VIN last asked about, so retyping a character of it does not ask again. */
  const asked = useRef('');

  function reset() {
    asked.current = '';
    // A lookup still under way is forgotten too: its answer fills nothing.
    lookup.reset();
  }

  function onVinChange(value: string) {
    const vin = normalizeVin(value);
    if (vin.length < 17) {
      reset();
      onFieldError(null);
      return;
    }
    if (!isValidVin(vin)) {
      reset();
      onFieldError(INVALID_VIN);
      return;
    }
    onFieldError(null);
    if (vin === asked.current) return;
    asked.current = vin;
    lookup.mutate(vin, {
      onSuccess: onFound,
      onError: (error) => {
        // Asked again on the next change (a lost connection, say).
        asked.current = '';
        if (error instanceof ApiError && error.status === 422) onFieldError(INVALID_VIN);
      },
    });
  }

  let message = '';
  if (lookup.isPending) message = 'Looking up this VIN…';
  else if (lookup.isSuccess) message = vinFoundMessage(lookup.data);
  else if (lookup.error instanceof ApiError && lookup.error.status === 404) {
    message = VIN_NOT_DECODED;
  } else if (lookup.isError && !(lookup.error instanceof ApiError && lookup.error.status === 422)) {
    message = errorMessage(lookup.error, VIN_NOT_DECODED);
  }

  return { onVinChange, reset, message };
}
