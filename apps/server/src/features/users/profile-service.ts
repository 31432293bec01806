// The signed-in user's own profile: personal info, a technician's
// extras (their home ZIP and service areas shown, set at onboarding and by the admin), the photo
// and a summary. Everyone edits only their own row; the role never changes here.
import { customerProfileSchema, technicianProfileSchema } from '@pitstop/shared/profile/forms';
import { joinAddress, splitAddress } from '@pitstop/shared/profile/address';
import { PHOTO_MESSAGES } from '@pitstop/shared/profile/photo';
import type { Profile } from '@pitstop/shared/profile/responses';
import { can } from '@pitstop/shared/permissions';
import { formatPhone } from '@pitstop/shared/phone';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { countAppointments } from '../appointments/customer-visits.ts';
import { countVehicles } from '../vehicles/service.ts';
import { businessServiceAreas, coverageOf } from './coverage.ts';
import { decodePhoto, type DecodedPhoto } from './photo.ts';
import {
  findProfileById,
  findProfilePhoto,
  findProfilePhotoVersion,
  updateProfile,
} from './repository.ts';
import type { ProfileRow } from './repository.ts';
import { profilePhotoUrl } from './service.ts';

const PROFILE_NOT_FOUND = 'Your profile could not be found. Please sign in again.';

async function toProfile(
  db: Executor,
  viewer: Viewer,
  row: ProfileRow,
  email: string,
): Promise<Profile> {
  const [appointments, vehicles, areas] = await Promise.all([
    countAppointments(db, viewer),
    can(viewer.role, 'vehicle:manage:own') ? countVehicles(db, viewer.userId) : Promise.resolve(0),
    row.serviceAreaIds.length > 0 ? businessServiceAreas(db) : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    email,
    role: row.role,
    name: row.name,
    phone: row.phone,
    ...splitAddress(row.address),
    photoUrl: profilePhotoUrl(row),
    ...coverageOf(areas, row),
    emergencyContact: row.emergencyContact ?? '',
    emergencyPhone: row.emergencyPhone ?? '',
    onboardingComplete: row.onboardingComplete,
    memberSince: row.createdAt.toISOString(),
    summary: {
      appointments: appointments.total,
      upcoming: appointments.upcoming,
      completed: appointments.completed,
      vehicles,
    },
  };
}

export async function getOwnProfile(db: Db, viewer: Viewer): Promise<Profile> {
  const found = await findProfileById(db, viewer.profileId);
  if (!found) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
  return toProfile(db, viewer, found.profile, found.email);
}

/** The parsed form: anyone's personal info, and a technician's extras. */
export interface OwnProfileInput {
  name: string;
  phone: string;
  street: string;
  city: string;
  zipCode: string;
  emergencyContact?: string | undefined;
  emergencyPhone?: string | undefined;
}

/** The body checked by the caller's own schema: a technician keeps what onboarding required. */
export function parseOwnProfile(viewer: Viewer, body: unknown): OwnProfileInput {
  const schema = viewer.role === 'technician' ? technicianProfileSchema : customerProfileSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

export async function updateOwnProfile(
  db: Db,
  viewer: Viewer,
  input: OwnProfileInput,
): Promise<Profile> {
  const isTechnician = viewer.role === 'technician';
  const updated = await db.transaction(async (tx) => {
    const row = await updateProfile(tx, viewer.profileId, {
      name: input.name,
      phone: formatPhone(input.phone),
      address: joinAddress(input),
      ...(isTechnician
        ? {
            emergencyContact: input.emergencyContact ?? '',
            emergencyPhone: formatPhone(input.emergencyPhone ?? ''),
          }
        : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
    await recordAudit(tx, viewer, {
      action: 'profile.update',
      entity: 'user',
      entityId: viewer.userId,
    });
    return row;
  });
  return toProfile(db, viewer, updated, viewer.email);
}

export async function setOwnPhoto(
  db: Db,
  viewer: Viewer,
  dataUrl: string | null,
): Promise<Profile> {
  if (dataUrl !== null && !decodePhoto(dataUrl)) {
    throw new AppError('VALIDATION', PHOTO_MESSAGES.notImage, { photo: PHOTO_MESSAGES.notImage });
  }
  const updated = await db.transaction(async (tx) => {
    const row = await updateProfile(tx, viewer.profileId, {
      photo: dataUrl,
      photoUpdatedAt: dataUrl === null ? null : new Date(),
    });
    if (!row) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
    await recordAudit(tx, viewer, {
      action: dataUrl === null ? 'profile.photo.remove' : 'profile.photo.set',
      entity: 'user',
      entityId: viewer.userId,
    });
    return row;
  });
  return toProfile(db, viewer, updated, viewer.email);
}

export const PHOTO_NOT_FOUND = 'No photo here.';

/**
 * The version of a profile's photo, when the viewer may see it: their own, or a technician's or
 * staff member's for the staff (technician cards show them). A customer's photo is for that
 * customer only; anyone else is told there is none, as for a profile without one.
 */
export async function profilePhotoVersion(
  db: Executor,
  viewer: Viewer,
  profileId: string,
): Promise<number> {
  const row = await findProfilePhotoVersion(db, profileId);
  const isOwn = profileId === viewer.profileId;
  const isStaffLooking = can(viewer.role, 'technician:read') && row?.role !== 'customer';
  if (!row?.photoUpdatedAt || !(isOwn || isStaffLooking)) {
    throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
  }
  return row.photoUpdatedAt.getTime();
}

/** The photo itself; ask `profilePhotoVersion` first, which checks who may see it. */
export async function readProfilePhoto(db: Executor, profileId: string): Promise<DecodedPhoto> {
  const stored = await findProfilePhoto(db, profileId);
  const photo = stored ? decodePhoto(stored) : null;
  if (!photo) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
  return photo;
}
