// The Manage Services list: services in their order, each with move up and down (up disabled at the
// first position, down at the last), Edit (inline) and Delete.
import { formatPrice } from '@pitstop/shared/money';
import { intervalPhrase } from '@pitstop/shared/services/intervals';
import type { Service } from '@pitstop/shared/services/responses';
import { ArrowDown, ArrowUp, CalendarClock, Clock, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ServiceIconTile } from './service-icon.tsx';

export type MoveDirection = 'up' | 'down';

/** Ids of a row's buttons, so the page can put focus back after a move or an edit. */
export const rowControlId = (service: Pick<Service, 'id'>, control: MoveDirection | 'edit') =>
  `service-${service.id}-${control}`;

const INCLUDES_SHOWN = 4;

export interface ServiceAdminListProps {
  services: readonly Service[];
  /** The service whose row shows the inline editor instead of its summary. */
  editingId: string | null;
  renderEditor: (service: Service) => ReactNode;
  onMove: (service: Service, direction: MoveDirection, index: number) => void;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}

export function ServiceAdminList({
  services,
  editingId,
  renderEditor,
  onMove,
  onEdit,
  onDelete,
}: ServiceAdminListProps) {
  return (
    <ol aria-label="Services in display order" className="flex flex-col gap-3">
      {services.map((service, index) => (
        <li
          key={service.id}
          className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-5"
        >
          {service.id === editingId ? (
            renderEditor(service)
          ) : (
            <ServiceAdminRow
              service={service}
              position={index + 1}
              count={services.length}
              onMove={(direction) => onMove(service, direction, index)}
              onEdit={() => onEdit(service)}
              onDelete={() => onDelete(service)}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

interface ServiceAdminRowProps {
  service: Service;
  /** 1-based. */
  position: number;
  count: number;
  onMove: (direction: MoveDirection) => void;
  onEdit: () => void;
  onDelete: () => void;
}

function ServiceAdminRow({
  service,
  position,
  count,
  onMove,
  onEdit,
  onDelete,
}: ServiceAdminRowProps) {
  const shown = service.includes.slice(0, INCLUDES_SHOWN);
  const hidden = service.includes.length - shown.length;
  const interval = intervalPhrase(service.intervalMiles ?? null, service.intervalMonths ?? null);

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 gap-4">
        <ServiceIconTile icon={service.icon} className="max-sm:hidden" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 sm:justify-start">
            <h2 className="text-base font-semibold">{service.name}</h2>
            <p className="font-semibold text-brand-700">
              <span className="sr-only">Price: </span>
              {formatPrice(service.priceCents)}
            </p>
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              Position {position} of {count}
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Duration: </span>
              {service.duration}
            </span>
            {interval && (
              <span className="flex items-center gap-1.5">
                <CalendarClock className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Maintenance interval: </span>
                {interval}
              </span>
            )}
          </p>
          {service.description && (
            <p className="mt-2 line-clamp-2 text-sm text-foreground/80">{service.description}</p>
          )}
          {shown.length > 0 && (
            <ul aria-label={`Included in ${service.name}`} className="mt-3 flex flex-wrap gap-1.5">
              {shown.map((item, index) => (
                <li
                  key={`${index}-${item}`}
                  className="rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
                >
                  {item}
                </li>
              ))}
              {hidden > 0 && (
                <li className="rounded-full px-1 py-0.5 text-xs font-medium text-muted-foreground">
                  +{hidden} more
                </li>
              )}
            </ul>
          )}
        </div>
      </div>

      <div className="flex items-center justify-between gap-2 border-t border-border pt-3 lg:border-0 lg:pt-0">
        <div className="flex gap-1.5">
          <Button
            id={rowControlId(service, 'up')}
            variant="outline"
            size="icon"
            aria-label={`Move ${service.name} up`}
            disabled={position === 1}
            onClick={() => onMove('up')}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            id={rowControlId(service, 'down')}
            variant="outline"
            size="icon"
            aria-label={`Move ${service.name} down`}
            disabled={position === count}
            onClick={() => onMove('down')}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
        <div className="flex gap-1.5">
          {/* The names start with the visible word, so voice control users can say what they see. */}
          <Button
            id={rowControlId(service, 'edit')}
            variant="outline"
            aria-label={`Edit ${service.name}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost-destructive"
            aria-label={`Delete ${service.name}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </div>
  );
}
