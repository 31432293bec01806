// Migrates and seeds one database per test run; each test file then starts from a copy of it
// (harness.ts) instead of running every migration again: a snapshot of an embedded database that
// PGlite loads, and, with DATABASE_URL, a template database the server copies.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/seed.ts';

/** One of the two, for the engine the run uses. */
export interface DatabaseTemplates {
  /** A gzipped snapshot of a migrated, seeded embedded database (without DATABASE_URL). */
  pgliteSnapshot?: string;
  /** The name of a migrated, seeded database on DATABASE_URL's server. */
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db);
}

/** A connection string to database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const postgresTemplate = `pitstop_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${postgresTemplate}`);
    const server = await openDatabase({ url: databaseUrl(serverUrl, postgresTemplate) });
    await prepare(server);
    // A template is copied only while nobody is connected to it.
    await server.close();
    project.provide('databaseTemplates', { postgresTemplate });
    return () => onServer(serverUrl, `drop database if exists ${postgresTemplate} with (force)`);
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'pitstop-template-'));
  const embedded = await openDatabase({ memory: true });
  await prepare(embedded);
  const pgliteSnapshot = path.join(folder, 'pglite.tar.gz');
  writeFileSync(pgliteSnapshot, await embedded.snapshot!());
  await embedded.close();
  project.provide('databaseTemplates', { pgliteSnapshot });
  return async () => rmSync(folder, { recursive: true, force: true });
}
