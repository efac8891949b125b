// `npm run build` (second half): the API compiled to JavaScript, so `npm start` and production run it with plain
// Node (no TypeScript compiler at run time). One ES module bundle of server/main.ts with domain/ and permissions/
// inlined and the npm packages left as imports, written to build/server/main.js; the migrations (.sql and their
// journal) are copied beside it, where server/db/client.ts looks for them (`migrations/` next to the running module).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'build/server';
const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`API built into ${out}/main.js in ${Date.now() - started} ms`);
