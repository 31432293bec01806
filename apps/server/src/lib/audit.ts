// The audit trail: who did what to which record, written in the same transaction as the change.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Viewer } from './access.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(
  db: Executor,
  actor: Pick<Viewer, 'userId' | 'email'> | null,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

/**
 * Whether `action` was recorded on the entity within the last `withinMs`, judged by the
 * database's clock (the one that stamped the rows).
 */
export async function auditedWithin(
  db: Executor,
  entry: { action: string; entity: string; entityId: string },
  withinMs: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entry.entity),
        eq(auditLog.entityId, entry.entityId),
        eq(auditLog.action, entry.action),
        gt(auditLog.createdAt, sql`now() - make_interval(secs => ${withinMs / 1000})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
