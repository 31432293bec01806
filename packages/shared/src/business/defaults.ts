// The business's time zone and capacity until an admin sets them: the first profile the server
// writes, and what pages assume while the profile loads. Apart from profile.ts, whose schemas
// bring zod, so a page that needs only these values does not download it.
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_CAPACITY = 2;
