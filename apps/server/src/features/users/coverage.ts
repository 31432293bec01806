// A technician's coverage: their home ZIP and the business's service areas they cover. Areas are
// named by id, so a renamed area keeps who covers it; an id the business no longer lists is left
// out when read (no cascade when an area is removed) and refused when written.
import { areaNames, type ServiceArea } from '@pitstop/shared/business/service-areas';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { zipCentroid } from '../../lib/zip-centroids.ts';
import { getBusinessProfile } from '../business/service.ts';

interface Coverage {
  homeZip: string | null;
  serviceAreaIds: string[];
  serviceAreas: string[];
}

/** The business's service areas, in the order Business Profile lists them. */
export async function businessServiceAreas(db: Executor): Promise<readonly ServiceArea[]> {
  return (await getBusinessProfile(db)).serviceAreas;
}

/** What a profile's answer says of its coverage: only areas still listed, in the list's order. */
export function coverageOf(
  areas: readonly ServiceArea[],
  profile: { homeZip: string | null; serviceAreaIds: readonly string[] },
): Coverage {
  const listed = areas.filter((area) => profile.serviceAreaIds.includes(area.id));
  return {
    homeZip: profile.homeZip,
    serviceAreaIds: listed.map((area) => area.id),
    serviceAreas: areaNames(areas, profile.serviceAreaIds),
  };
}

/**
 * Refuses (422, nothing written) a home ZIP the drive estimates cannot place: every drive from
 * it would count as unknown.
 */
export function assertKnownHomeZip(homeZip: string | null | undefined): void {
  if (!homeZip || zipCentroid(homeZip)) return;
  throw new AppError('VALIDATION', PROFILE_MESSAGES.homeZipUnknown, {
    homeZip: PROFILE_MESSAGES.homeZipUnknown,
  });
}

/** Refuses (422, nothing written) any id the business's list does not hold now. */
export function assertListedAreas(areas: readonly ServiceArea[], ids: readonly string[]): void {
  if (ids.every((id) => areas.some((area) => area.id === id))) return;
  throw new AppError('VALIDATION', PROFILE_MESSAGES.serviceAreaUnknown, {
    serviceAreaIds: PROFILE_MESSAGES.serviceAreaUnknown,
  });
}
