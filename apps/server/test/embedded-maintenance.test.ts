// The embedded engine keeps its data folder bounded: PGlite has no autovacuum and no
// checkpointer, so without the server's maintenance pass every rewritten photo (2 MB) stays on
// disk for good, in the table and in the write-ahead log.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDataPath } from '../src/db/client.ts';
import { runEmbeddedMaintenance } from '../src/lib/embedded-maintenance.ts';
import { APP_URL, createTestContext, createUser } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const MB = 1024 * 1024;
/** Ten photo changes an hour per account: the 50 rewrites are spread over five accounts. */
const ACCOUNTS = 5;

let ctx: TestContext;
let accounts: TestUser[];

beforeAll(async () => {
  ctx = await createTestContext({}, { embeddedOnDisk: true });
  accounts = [];
  for (let i = 0; i < ACCOUNTS; i += 1) accounts.push(await createUser(ctx, 'customer'));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

/** A JPEG's first bytes, then 2,000,000 random ones: as incompressible as a real photo. */
function photo(): string {
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2_000_000)]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

async function rewritePhoto(account: TestUser) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/profile/photo',
    headers: { origin: APP_URL, cookie: account.cookie },
    payload: { photo: photo() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the embedded data folder', () => {
  it('stays bounded while photos are rewritten 50 times', async () => {
    expect(ctx.database.kind).toBe('pglite');
    const folder = embeddedDataPath(ctx.env.dataDir);
    const sizes: number[] = [];
    // Each account changes its photo once a round, ten times in all (its hourly limit); a
    // maintenance pass follows each round, as the server's minute timer would.
    for (let round = 1; round <= 10; round += 1) {
      for (const account of accounts) await rewritePhoto(account);
      await runEmbeddedMaintenance(ctx.database);
      sizes.push(folderBytes(folder));
    }
    const afterTwoRounds = sizes[1]!;
    const final = sizes.at(-1)!;
    // The tables keep each live photo and at most one dead version of it, and after a checkpoint
    // the log keeps at most max_wal_size (64 MB): past two rounds, the folder grows by no more
    // than that log and a round of photos. Without the passes every photo stays, in the tables
    // and in the log (331 MB at the end, against 98 MB with them).
    expect(final).toBeLessThan(afterTwoRounds + 64 * MB + ACCOUNTS * 3 * MB);
  }, 300_000);
});
