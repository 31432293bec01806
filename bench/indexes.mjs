// The non-unique indexes of the tables a load fills: dropped before a bulk load and created again
// after it with the migrations' own CREATE INDEX statements (a GIN trigram index is built far
// faster at once than row by row), then checked against what was there before, so the server
// runs with exactly the schema's indexes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/support/server.mjs';

const MIGRATIONS = path.join(ROOT, 'apps/server/src/db/migrations');
const LOADED_TABLES = [
  'appointments',
  'appointment_search_terms',
  'bookings',
  'orders',
  'auth_user',
  'user_profiles',
  'technician_status_changes',
  'email_outbox',
];

/** Index name -> its CREATE INDEX statement, as the migrations leave them (later DROPs applied). */
function migrationIndexStatements() {
  const statements = new Map();
  const files = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const text = readFileSync(path.join(MIGRATIONS, file), 'utf8');
    for (const match of text.matchAll(
      /(CREATE (?:UNIQUE )?INDEX "([^"]+)"[^;]*);|DROP INDEX "([^"]+)"/g,
    )) {
      if (match[2]) statements.set(match[2], match[1]);
      else statements.delete(match[3]);
    }
  }
  return statements;
}

async function listIndexes(db) {
  const tables = LOADED_TABLES.map((table) => `'${table}'`).join(', ');
  const { rows } = await db.execute(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename in (${tables}) order by indexname`,
  );
  return rows;
}

/**
 * Drops the loaded tables' non-unique indexes (unique ones keep checking the data); returns the
 * function that creates them again and fails unless the indexes are then exactly as before.
 */
export async function dropSecondaryIndexes(db) {
  const before = await listIndexes(db);
  const statements = migrationIndexStatements();
  const secondary = before.filter((index) => !index.definition.startsWith('CREATE UNIQUE'));
  for (const index of secondary) {
    if (!statements.has(index.name)) {
      throw new Error(`index ${index.name} has no CREATE INDEX statement in the migrations`);
    }
    await db.execute(`drop index "${index.name}"`);
  }
  return async function recreateIndexes() {
    for (const index of secondary) await db.execute(statements.get(index.name));
    const after = await listIndexes(db);
    const describe = (rows) => rows.map((row) => row.definition).join('\n');
    if (describe(after) !== describe(before)) {
      throw new Error(
        `the indexes differ from the schema's after the load:\n${describe(after)}\n` +
          `expected:\n${describe(before)}`,
      );
    }
  };
}
