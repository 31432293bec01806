// The spec's words for User Management outcomes, and which one an error earns.
import { CANNOT_DELETE_SELF } from '@pitstop/shared/users/rules';
import { ApiError } from '../../lib/api.ts';

export const USER_MESSAGES = {
  listSignedOut: 'You must be signed in to view users',
  listFailed: 'Failed to load users',
  listEmpty: 'No users found',
  createSignedOut: 'You must be signed in to create users',
  createFailed: 'Failed to create user',
  createUnexpected: 'An unexpected error occurred. Please try again.',
  created: 'User account created successfully!',
  updateFailed: 'Failed to update user profile',
  updated: 'User updated successfully!',
  deleteSignedOut: 'You must be signed in to delete users',
  deleteFailed: 'Failed to delete user',
  deleted: 'User deleted successfully',
  cannotDeleteSelf: CANNOT_DELETE_SELF,
} as const;

/** How long the success message stays before the dialog closes. */
export const CREATE_DIALOG_CLOSE_DELAY_MS = 1500;
export const EDIT_DIALOG_CLOSE_DELAY_MS = 1000;

/** The server said the viewer is not signed in (any more). */
export const isSignedOut = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

export function listErrorMessage(error: unknown): string {
  return isSignedOut(error) ? USER_MESSAGES.listSignedOut : USER_MESSAGES.listFailed;
}

export function createErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return USER_MESSAGES.createUnexpected;
  if (error.status === 401) return USER_MESSAGES.createSignedOut;
  // The server explains a refusal it understood (a taken e-mail, a bad field) in the spec's words.
  if (error.status >= 400 && error.status < 500 && error.code !== 'UNKNOWN') return error.message;
  // A crash, a proxy page or no connection at all: nothing the user can act on beyond retrying.
  return error.status === 0 ? USER_MESSAGES.createUnexpected : USER_MESSAGES.createFailed;
}

export function deleteErrorMessage(error: unknown): string {
  if (isSignedOut(error)) return USER_MESSAGES.deleteSignedOut;
  if (error instanceof ApiError && error.message === CANNOT_DELETE_SELF) return CANNOT_DELETE_SELF;
  // The spec's 'Failed to delete user: {response text}' when the server said why.
  // A crash (5xx) has nothing to say the user can act on, so it gets the plain words.
  const isRefusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
  if (isRefusal && error.code !== 'UNKNOWN' && error.message) {
    return `${USER_MESSAGES.deleteFailed}: ${error.message}`;
  }
  return USER_MESSAGES.deleteFailed;
}
