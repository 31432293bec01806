// The icons a service may show (lucide names).
export const SERVICE_ICONS = ['Droplets', 'Filter', 'Gauge', 'Battery', 'Wrench'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];
