// Every moment a page shows (when an order was paid, until when a slot is held, since when
// someone is a member) reads on the business's wall clock, never the browser's: a manager on a
// trip, or a phone set to another zone, sees the times the shop sees. One formatter for all of
// them. A calendar date (YYYY-MM-DD) is not a moment and has no zone: visit-words.ts words those.
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';

const STYLES = {
  /** 'Nov 27, 2026, 6:34 PM' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'November 27, 2026 at 6:34 PM' */
  long: { dateStyle: 'long', timeStyle: 'short' },
  /** '6:34 PM' */
  time: { timeStyle: 'short' },
  /** 'November 2026' */
  monthYear: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The moment `iso` in the business's `timeZone` (the default zone until the business profile has
 * arrived), worded in `style`; the text unchanged when it is no date.
 */
export function formatMoment(
  iso: string,
  style: MomentStyle,
  timeZone: string | undefined,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${style} ${zone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone: zone });
    formats.set(key, format);
  }
  return format.format(date);
}

const zoneNames = new Map<string, string>();

/** The name `style` gives `zone` at `at`, or null where the browser has no such style. */
function zonePart(zone: string, style: 'long' | 'longGeneric', at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style });
    return parts.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * The business's time zone by its name in words, as the slot picker states it: 'Eastern Time'
 * all year, not 'Eastern Standard Time' in winter and 'Eastern Daylight Time' in summer. A zone
 * with no such name is named in full ('Coordinated Universal Time'). The default zone until the
 * business profile has arrived.
 */
export function formatZoneName(timeZone: string | undefined, at: Date = new Date()): string {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const known = zoneNames.get(zone);
  if (known) return known;
  const generic = zonePart(zone, 'longGeneric', at);
  // Without a generic name the browser writes an offset ('GMT+00:00'), which names nothing.
  const name =
    generic && !generic.startsWith('GMT')
      ? generic
      : (zonePart(zone, 'long', at) ?? zone).replace(/ (Standard|Daylight|Summer) Time$/, ' Time');
  zoneNames.set(zone, name);
  return name;
}
