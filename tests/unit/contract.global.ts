// Unit suite global setup: reads the API's route table with its response schemas once per run and hands it to the
// workers (inject('apiContract')), where msw checks every mocked answer against it (tests/unit/msw.ts).
// Building the API for it takes seconds (minutes on a loaded machine), so the contract is kept on disk under the hash
// of everything it is read from (server/, domain/, permissions/, tests/contract/, the locked dependencies) and read
// back while none of it changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadApiContract } from '../contract/api-routes';
import type { ApiContract } from '../contract/validator';

declare module 'vitest' {
  export interface ProvidedContext {
    apiContract: ApiContract;
  }
}

const SOURCES = ['server', 'domain', 'permissions', 'tests/contract', 'package-lock.json'];

/** The hash of the contract's sources (file names and contents, in a stable order). */
function sourcesHash(root: string): string {
  const h = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(path, e.name);
      if (e.isDirectory()) add(p);
      else h.update(p.slice(root.length)).update(readFileSync(p));
    }
  };
  for (const s of SOURCES) {
    const p = join(root, s);
    if (s.endsWith('.json')) h.update(existsSync(p) ? readFileSync(p) : '');
    else add(p);
  }
  return h.digest('hex').slice(0, 16);
}

/** Provides the API contract to the unit test workers. */
export default async function setup(project: TestProject): Promise<void> {
  const dir = join(tmpdir(), 'bo-test-contract');
  const path = join(dir, `contract-${sourcesHash(project.config.root)}.json`);
  if (existsSync(path)) {
    project.provide('apiContract', JSON.parse(readFileSync(path, 'utf8')) as ApiContract);
    return;
  }
  const contract = await loadApiContract();
  mkdirSync(dir, { recursive: true });
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify(contract));
  renameSync(aside, path);
  project.provide('apiContract', contract);
}
