// A technician's status (available, on-job, off-duty) as a coloured pill with a dot, worded for
// people. The technician's dashboard and the admin's Technicians page show it.
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import { clsx } from 'clsx';
import { Badge, type BadgeProps } from './ui/badge.tsx';

const STATUS_LOOK: Record<
  TechnicianStatus,
  { label: string; variant: NonNullable<BadgeProps['variant']>; dot: string }
> = {
  available: { label: 'Available', variant: 'success', dot: 'bg-green-600' },
  'on-job': { label: 'On Job', variant: 'info', dot: 'bg-blue-600' },
  'off-duty': { label: 'Off Duty', variant: 'outline', dot: 'bg-slate-400' },
};

export function TechnicianStatusBadge({
  status,
  className,
}: {
  status: TechnicianStatus;
  className?: string;
}) {
  const { label, variant, dot } = STATUS_LOOK[status];
  return (
    <Badge variant={variant} className={clsx(variant === 'outline' && 'bg-white', className)}>
      <span className={clsx('size-1.5 rounded-full', dot)} aria-hidden="true" />
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
