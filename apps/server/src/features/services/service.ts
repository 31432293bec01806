// The service catalogue as customers and staff read it.
import { centsToDollars } from '@pitstop/shared/money';
import { parseDurationMinutes } from '@pitstop/shared/services/catalog';
import type { Service, ServiceIcon } from '@pitstop/shared/services/catalog';
import type { Executor } from '../../db/client.ts';
import type { services } from '../../db/schema.ts';
import { listActiveServiceRows } from './repository.ts';

export function toService(row: typeof services.$inferSelect): Service {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon as ServiceIcon,
    description: row.description,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    duration: row.duration,
    durationMinutes: parseDurationMinutes(row.duration),
    includes: row.includes,
    order: row.sortOrder,
    // Every active service with a price can be paid for online (DESIGN.md).
    payable: row.priceCents > 0,
  };
}

export async function listServices(db: Executor): Promise<Service[]> {
  return (await listActiveServiceRows(db)).map(toService);
}
