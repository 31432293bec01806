// Every guarded API route x every role -> the status its declared access implies. The table
// comes from the routes themselves, so a new route is covered the moment it is registered;
// refused writes must leave every table unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@pitstop/shared/permissions';
import { ROLES } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.ts';
import { createTestContext, createUser } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ROLES) cookies.set(role, (await createUser(ctx, role)).cookie);
});
afterAll(async () => {
  await ctx?.close();
});

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && getTableConfigSafe(value),
);
function getTableConfigSafe(value: object): boolean {
  try {
    return Boolean(getTableConfig(value as PgTable).name);
  } catch {
    return false;
  }
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await ctx.database.db.execute(sql`select count(*)::int as n from ${table}`);
    counts[getTableName(table)] = (result.rows[0] as { n: number }).n;
  }
  return counts;
}

function expectedStatus(access: string, role: Role | 'anonymous'): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  return can(role, access as Parameters<typeof can>[1]) ? 'allowed' : 403;
}

describe('permission matrix', () => {
  it('covers every guarded route', () => {
    expect(ctx.app.ctx.routes.length).toBeGreaterThan(5);
    for (const route of ctx.app.ctx.routes) expect(route.access).toBeTruthy();
  });

  it('answers each role as the route declares, and refused writes change nothing', async () => {
    const failures: string[] = [];
    for (const route of ctx.app.ctx.routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, randomUUID());
      const isWrite = route.method !== 'GET';
      for (const role of ['anonymous', ...ROLES] as const) {
        const expected = expectedStatus(route.access, role);
        const before = isWrite && expected !== 'allowed' ? await rowCounts() : undefined;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: role === 'anonymous' ? {} : { cookie: cookies.get(role)! },
          ...(isWrite ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const label = `${route.method} ${route.url} as ${role}: got ${status}`;
        if (expected === 'allowed') {
          if (status === 401 || status === 403 || status >= 500)
            failures.push(`${label}, expected allowed`);
        } else {
          if (status !== expected) failures.push(`${label}, expected ${expected}`);
          if (before) expect(await rowCounts(), label).toEqual(before);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
