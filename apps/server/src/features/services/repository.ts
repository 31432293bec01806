// Queries for the service catalogue.
import { asc, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { services } from '../../db/schema.ts';

export async function listActiveServiceRows(db: Executor) {
  return db.select().from(services).where(isNull(services.deletedAt)).orderBy(asc(services.sortOrder));
}
