/**
 * The drizzle schema and the migrations agree: `drizzle-kit generate` (npm run db:generate) run over a copy of the
 * migrations folder writes nothing. A schema change without its migration (or a hand-written migration whose
 * snapshot was not regenerated: npm run db:snapshot, scripts/db-snapshot.ts) fails here.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastMigration, MIGRATIONS } from '../../scripts/db-snapshot';

const work = mkdtempSync(join(tmpdir(), 'bo-drizzle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The .sql files drizzle-kit generate adds to a copy of the migrations folder (without `drop`, the snapshots named). */
function generated(name: string, drop: string[] = []): string[] {
  const out = join(work, name);
  cpSync(MIGRATIONS, out, { recursive: true });
  for (const f of drop) rmSync(join(out, 'meta', f));
  const before = new Set(readdirSync(out));
  // drizzle-kit takes the folder relative to the working directory
  execFileSync(
    join('node_modules', '.bin', 'drizzle-kit'),
    [
      'generate',
      '--dialect=postgresql',
      '--schema=./server/db/schema/index.ts',
      `--out=${relative(process.cwd(), out)}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return readdirSync(out).filter((f) => f.endsWith('.sql') && !before.has(f));
}

describe('drizzle schema and migrations', () => {
  it('db:generate has nothing to write: the last snapshot is the schema', () => {
    expect(generated('now')).toEqual([]);
  });

  it('would see a schema the snapshots do not have (every snapshot but the first taken away)', () => {
    const later = readdirSync(join(MIGRATIONS, 'meta')).filter((f) => /^\d{4}_snapshot\.json$/.test(f) && f > '0000');
    expect(later).toContain(`${lastMigration()}_snapshot.json`);
    expect(generated('stale', later)).toHaveLength(1);
  });
});
