// Time zone choices for the business profile: every IANA zone the browser knows, grouped by
// region, with the current UTC offset so an admin can tell zones apart.

interface TimeZoneOption {
  value: string;
  label: string;
}

export interface TimeZoneGroup {
  region: string;
  zones: TimeZoneOption[];
}

function supportedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** `GMT-4`, `GMT+5:30`, or `GMT` (as the browser names it, at `date`). */
function timeZoneOffset(zone: string, date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(date);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** `America/New_York` -> `America/New York (GMT-4)`. */
export function timeZoneLabel(zone: string, date = new Date()): string {
  const offset = timeZoneOffset(zone, date);
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
}

/** All zones by region (`America`, `Europe`, …), always including `current`. */
export function timeZoneGroups(current: string, date = new Date()): TimeZoneGroup[] {
  const zones = supportedTimeZones();
  if (current && !zones.includes(current)) zones.unshift(current);
  const groups = new Map<string, TimeZoneOption[]>();
  for (const zone of zones) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label: timeZoneLabel(zone, date) });
    groups.set(region, list);
  }
  return [...groups].map(([region, options]) => ({ region, zones: options }));
}
