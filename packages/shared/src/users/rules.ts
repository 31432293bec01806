// User Management's fixed words and confirmation.
export const ROLE_CHANGE_REFUSED = 'Role can only be set during user creation';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
/** What a super admin types on /user-cleanup before every account is deleted. */
export const CLEANUP_CONFIRMATION = 'DELETE ALL USERS';
