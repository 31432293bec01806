// Where the business works: a technician's service area is one of these. The footer lists the first
// four, as the spec's public layout does.
export const SERVICE_AREAS = [
  'Downtown',
  'Suburbs',
  'Business District',
  'Metropolitan Area',
  'North Side',
  'South Side',
  'East Side',
  'West Side',
] as const;
export type ServiceArea = (typeof SERVICE_AREAS)[number];

export const FOOTER_SERVICE_AREAS: readonly ServiceArea[] = SERVICE_AREAS.slice(0, 4);
