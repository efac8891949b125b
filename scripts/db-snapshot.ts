/**
 * npm run db:snapshot: writes drizzle-kit's snapshot of the schema (server/db/schema, what drizzle-kit reads) as the
 * snapshot of the last migration of the journal, chained to the snapshot before it, so that `npm run db:generate`
 * diffs the schema against what the migrations made. Our migrations are hand-written SQL (docs/architecture.md,
 * "Migrations"): run this after adding one (and after merging branches that did), then commit the snapshot.
 * tests/server/db-schema.test.ts fails while the schema and the last snapshot differ.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import * as schema from '../server/db/schema';

export const MIGRATIONS = 'server/db/migrations';
const META = join(MIGRATIONS, 'meta');

/** The journal's last migration's number ('0031'). */
export function lastMigration(): string {
  const journal = JSON.parse(readFileSync(join(META, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag.slice(0, 4);
}

/** The snapshots kept, by migration number, oldest first. */
function snapshots(): { number: string; file: string }[] {
  return readdirSync(META)
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
    .sort()
    .map((f) => ({ number: f.slice(0, 4), file: join(META, f) }));
}

type Snapshot = { id: string; prevId: string } & Record<string, unknown>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Snapshot;

/** The newest snapshot (what drizzle-kit generate diffs the schema against). */
export const latestSnapshot = (): Snapshot => read(snapshots().at(-1)!.file);

/** The schema as drizzle-kit sees it, as a snapshot following `prevId`. */
export const schemaSnapshot = (prevId?: string): Snapshot =>
  generateDrizzleJson(schema as Record<string, unknown>, prevId) as unknown as Snapshot;

/** Writes the last migration's snapshot; answers its file, and whether it changed. */
export function writeSnapshot(): { file: string; changed: boolean } {
  const last = lastMigration();
  const all = snapshots();
  const previous = all.filter((s) => s.number < last).at(-1);
  const own = all.find((s) => s.number === last);
  const file = join(META, `${last}_snapshot.json`);
  const next = schemaSnapshot(previous ? read(previous.file).id : undefined);
  if (own) {
    // The same schema keeps its id (a snapshot that later ones may already follow).
    const kept = read(own.file);
    const same = JSON.stringify({ ...kept, id: '' }) === JSON.stringify({ ...next, id: '' });
    if (same) return { file, changed: false };
    next.id = kept.id;
  }
  writeFileSync(file, JSON.stringify(next, null, 2) + '\n');
  return { file, changed: true };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, changed } = writeSnapshot();
  console.log(changed ? `wrote ${file}` : `${file} is up to date`);
}
