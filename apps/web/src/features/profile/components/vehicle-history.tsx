// On each vehicle of My Garage: when its next service is due, and its service history behind a
// disclosure button (date, services, odometer, technician), newest first.
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { NextDueNote, VehicleVisitList } from '../../../components/vehicle-history-list.tsx';
import { vehicleHistoryQueryOptions } from '../vehicle-history-api.ts';

export interface VehicleHistoryProps {
  userId: string;
  vehicleId: string;
  /** '2019 Honda Civic (ABC1234)'. */
  vehicleLabel: string;
}

export function VehicleHistory({ userId, vehicleId, vehicleLabel }: VehicleHistoryProps) {
  const history = useQuery(vehicleHistoryQueryOptions(userId, vehicleId));
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  if (history.isPending) {
    return <p className="text-sm text-muted-foreground">Loading service history…</p>;
  }
  if (history.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        We couldn't load this vehicle's service history.{' '}
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const { visits, nextDue } = history.data;
  return (
    <div className="grid gap-2">
      <NextDueNote nextDue={nextDue} hasVisits={visits.length > 0} />
      {visits.length > 0 && (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            aria-expanded={isOpen}
            aria-controls={panelId}
            aria-label={`Service history of ${vehicleLabel} (${visits.length} ${visits.length === 1 ? 'visit' : 'visits'})`}
            onClick={() => setIsOpen((open) => !open)}
          >
            <ChevronDown
              aria-hidden="true"
              className={isOpen ? 'rotate-180 transition-transform' : 'transition-transform'}
            />
            Service history ({visits.length})
          </Button>
          <div id={panelId} hidden={!isOpen}>
            {isOpen && (
              <VehicleVisitList visits={visits} label={`Service history of ${vehicleLabel}`} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
