// Where the business works: its service areas, each a name and the ZIP codes (or 3-digit ZIP
// prefixes) it covers, in the order Business Profile lists them. A booking's ZIP must be in one
// of them, unless no area lists any ZIP yet (a fresh install serves everywhere). Technicians cover
// areas by id, so renaming an area keeps who covers it. Zod-free: the booking page checks a ZIP
// without downloading the profile's schemas.

export interface ServiceArea {
  /** Stable across renames; technicians name the areas they cover by it. */
  id: string;
  name: string;
  /** Five-digit ZIP codes and 3-digit prefixes ("303" covers 30301 to 30399). */
  zips: string[];
}

/** A fresh install's areas: the footer's four names, with no ZIPs yet (so every ZIP is served). */
export const DEFAULT_SERVICE_AREA_NAMES = [
  'Downtown',
  'Suburbs',
  'Business District',
  'Metropolitan Area',
] as const;

export const SERVICE_AREAS_MAX = 20;
export const SERVICE_AREA_ZIPS_MAX = 500;

/** The five digits of a US ZIP (`12345` or `12345-6789`), or null for anything else. */
export function zipFive(zip: string): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip);
  return match ? match[1]! : null;
}

/**
 * The area a ZIP belongs to: an area listing the ZIP itself wins over one listing its prefix;
 * otherwise the first in the business's order. Undefined when none covers it.
 */
export function areaForZip<A extends ServiceArea>(areas: readonly A[], zip: string): A | undefined {
  const five = zipFive(zip);
  if (!five) return undefined;
  return (
    areas.find((area) => area.zips.includes(five)) ??
    areas.find((area) => area.zips.includes(five.slice(0, 3)))
  );
}

/** Whether the business takes a booking at `zip`: some area covers it, or no area lists a ZIP. */
export function servesZip(areas: readonly ServiceArea[], zip: string): boolean {
  if (areas.every((area) => area.zips.length === 0)) return true;
  return areaForZip(areas, zip) !== undefined;
}

/** What a customer whose ZIP no area covers is told, at the ZIP field. */
export function zipNotServedMessage(zip: string, phone: string): string {
  return `Sorry, we don't serve ZIP ${zip.trim()} yet. Call us at ${phone}.`;
}

/** The names of the areas `ids` names, in the business's order (unknown ids left out). */
export function areaNames(areas: readonly ServiceArea[], ids: readonly string[]): string[] {
  return areas.filter((area) => ids.includes(area.id)).map((area) => area.name);
}
