// The audit trail: who did what to which record, written in the same transaction as the change.
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
