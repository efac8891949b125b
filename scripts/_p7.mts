import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
const mode = process.argv[2];
const c0 = process.cpuUsage();
if (mode === 'init') { const p = new PGlite(); await p.waitReady; const c1 = process.cpuUsage(c0); console.log('init cpu', (c1.user + c1.system) / 1000 | 0);
  await migrate(drizzle(p), { migrationsFolder: 'server/db/migrations' }); const c2 = process.cpuUsage(c0); console.log('init+migrate cpu', (c2.user + c2.system) / 1000 | 0); }
else { const p = new PGlite({ loadDataDir: new Blob([readFileSync('/tmp/split-measure/seeded.tar')]) }); await p.waitReady; const c1 = process.cpuUsage(c0); console.log('load cpu', (c1.user + c1.system) / 1000 | 0);
  await migrate(drizzle(p), { migrationsFolder: 'server/db/migrations' }); const c2 = process.cpuUsage(c0); console.log('load+migrate cpu', (c2.user + c2.system) / 1000 | 0); }
