// The spec's five service icons, which are lucide-react names.
import type { ServiceIcon as ServiceIconName } from '@pitstop/shared/services/icons';
import { Battery, Droplets, Filter, Gauge, Wrench, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';

const SERVICE_ICON_COMPONENTS: Record<ServiceIconName, LucideIcon> = {
  Droplets,
  Filter,
  Gauge,
  Battery,
  Wrench,
};

/** What each icon shows, for the icon picker. */
export const SERVICE_ICON_LABELS: Record<ServiceIconName, string> = {
  Droplets: 'Droplets (oil)',
  Filter: 'Filter',
  Gauge: 'Gauge (mileage)',
  Battery: 'Battery',
  Wrench: 'Wrench (maintenance)',
};

/** `className`, when given, replaces the default size and colour rather than adding to them. */
export function ServiceIcon({ icon, className }: { icon: ServiceIconName; className?: string }) {
  const Icon = SERVICE_ICON_COMPONENTS[icon];
  return <Icon className={className ?? 'size-6'} aria-hidden="true" />;
}

/** The icon on the brand tile used by the public cards and the admin list; `className` adds layout. */
export function ServiceIconTile({
  icon,
  className,
}: {
  icon: ServiceIconName;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700',
        className,
      )}
    >
      <ServiceIcon icon={icon} />
    </span>
  );
}
