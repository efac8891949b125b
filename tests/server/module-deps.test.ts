// The direction of the dependencies between the API's modules (server/modules/*): records/ is the money records'
// shared machinery (scoped look-ups, state changes, lists, routes); the modules that use it declare their own kinds
// (deposit/lists.ts ...), so records/ imports none of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(__dirname, '../../server/modules');

/** The other modules each module's files import (`from '../<module>/...'`). */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const mod of readdirSync(MODULES)) {
    const uses = new Set<string>();
    for (const file of readdirSync(join(MODULES, mod)).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(MODULES, mod, file), 'utf8');
      for (const m of text.matchAll(/from '\.\.\/([a-z_]+)\//g)) if (m[1] !== mod) uses.add(m[1]);
    }
    graph.set(mod, uses);
  }
  return graph;
}

describe('module dependencies', () => {
  it('records/ imports no module that imports records/', () => {
    const graph = moduleImports();
    const users = [...graph].filter(([, uses]) => uses.has('records')).map(([mod]) => mod);
    expect(users.length).toBeGreaterThan(5);
    expect([...graph.get('records')!].filter((mod) => users.includes(mod))).toEqual([]);
  });
});
