/**
 * `npm run new:entity -- <name> [migration number]`: adds a configuration entity as docs/adding-an-entity.md describes
 * it, each part a working start to edit: its definition (domain/<name>.ts) and its line in domain/entities.ts, from
 * which everything else registers itself (API module, menu node and permission key, console page and texts, audit
 * actions, the tests' lists); its table (appended to server/db/schema/entities.ts), migration, journal entry and
 * snapshot (npm run db:snapshot); its API module (server/modules/<name>/routes.ts); a server test. The console's page
 * and texts come from the definition until a `resources/<name>/index.ts` or `messages.ts` says more.
 * `<name>` is snake_case (`bank_blacklist`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [name, number] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(name)) {
  console.error('usage: npm run new:entity -- <snake_case_name> [migration number, e.g. 0033]');
  process.exit(1);
}
const camel = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const Pascal = camel[0].toUpperCase() + camel.slice(1);
const kebab = name.replace(/_/g, '-');
/** Placeholder titles (menu, audit noun): the definition's `title` and `noun` to translate. */
const words = name.replace(/_/g, ' ');
const Word = words[0].toUpperCase() + words.slice(1);
const Words = `${Word} entries`;
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const journal = join(root, 'server/db/migrations/meta/_journal.json');
const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { idx: number; tag: string }[] }).entries;
const idx = number ? Number(number) : entries[entries.length - 1].idx + 1;
const tag = `${String(idx).padStart(4, '0')}_${name}`;

const files: Record<string, string> = {
  [`domain/${kebab}.ts`]: `/** ${Pascal} (config group): what the list shows, filters and exports, what create and edit take. */
import { changedAtField, changedByField, defineEntity, l, type Row } from './entity';

export const ${camel} = defineEntity({
  name: '${name}',
  resource: '${camel}',
  parents: ['config'],
  title: l('${words}', '${Words}'),
  noun: l('${words}', '${Word}'),
  paths: {
    list: '/${name}/admin/v1/list',
    export: '/${name}/admin/v1/list/export',
    create: '/${name}/admin/v1/create',
    update: '/${name}/admin/v1/{id}',
    delete: '/${name}/admin/v1/{id}',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    {
      name: 'name',
      kind: 'text',
      list: true,
      filter: 'prefix',
      create: true,
      edit: true,
      required: true,
      unique: true,
      maxLength: 100,
      label: l('名称', 'Name'),
    },
    changedByField,
    changedAtField,
  ],
});
export type ${Pascal}Row = Row<typeof ${camel}>;
`,
  [`server/db/migrations/${tag}.sql`]: `CREATE TABLE "${name}" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "${name}" ADD CONSTRAINT "${name}_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "${name}" ADD CONSTRAINT "${name}_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "${name}_tenant_name" ON "${name}" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "${name}_tenant_id" ON "${name}" USING btree ("tenant_id","id");
`,
  [`server/modules/${name}/routes.ts`]: `import { eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ${camel}, type ${Pascal}Row } from '../../../domain/${kebab}';
import type { Executor } from '../../core/db';
import { entityList, type EntityListSpec } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { ${camel}Table as table, staffUser } from '../../db/schema';
import { iso } from '../records/common';

const select = (db: Executor, cursor: SQL<string>) =>
  db
    .select({ row: table, by: staffUser.name, _cursor: cursor })
    .from(table)
    .leftJoin(staffUser, eq(staffUser.id, table.updatedBy))
    .$dynamic();
type Raw = Awaited<ReturnType<typeof select>>[number];

const list: EntityListSpec<typeof ${camel}, Raw> = {
  def: ${camel},
  table,
  id: table.id,
  // the column of each field the list filters or sorts on and each field create or edit writes
  columns: { id: table.id, name: table.name },
  scope: (staff) => eq(table.tenantId, staff.tenantId),
  select,
  present: (r): ${Pascal}Row => ({
    id: r.row.id,
    name: r.row.name,
    updated_by_name: r.by,
    updated_at: iso(r.row.updatedAt)!,
  }),
  description: "The tenant's ${name.replace(/_/g, ' ')} rows. Filter: name prefix.",
};

/** The ${words}: list, export, create, edit, delete from the definition (domain/${kebab}.ts). */
export const ${camel}Routes: FastifyPluginAsync = async (app) => {
  entityList(app, list);
  entityWrites(app, { list, table });
};
`,
  [`tests/server/${kebab}.test.ts`]: `// The ${words}: the generated list and writes (tests/server/entity-writes.test.ts covers the generic cases in depth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let supervisor: string;
const P = '/api/${name}/admin/v1';
beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  admin = (await login(t.app, 'admin')).access_token;
  supervisor = (await login(t.app, 'supervisor')).access_token;
}, 300_000);
afterAll(() => t?.close());

describe('${name}', () => {
  it('creates, lists, refuses a duplicate, edits and deletes', async () => {
    const body = { name: 'First' };
    const created = await call(t.app, 'POST', \`\${P}/create\`, { token: admin, body });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await call(t.app, 'GET', \`\${P}/list?name=Fir\`, { token: admin })).json().total).toBe(1);
    expect((await call(t.app, 'POST', \`\${P}/create\`, { token: admin, body })).statusCode).toBe(409);
    const edited = await call(t.app, 'PUT', \`\${P}/\${id}\`, { token: admin, body: { name: 'Second' } });
    expect([edited.statusCode, edited.json().name], edited.body).toEqual([200, 'Second']);
    expect((await call(t.app, 'DELETE', \`\${P}/\${id}\`, { token: admin })).statusCode).toBe(200);
  });

  it('refuses staff without the grant, and an unknown field', async () => {
    expect((await call(t.app, 'POST', \`\${P}/create\`, { token: supervisor, body: { name: 'X' } })).statusCode).toBe(403);
    const unknown = await call(t.app, 'POST', \`\${P}/create\`, { token: admin, body: { name: 'X', nope: 1 } });
    expect(unknown.statusCode).toBe(400);
  });
});
`,
};

/** The table, appended to server/db/schema/entities.ts (the declared entities' tables), and the imports it needs. */
const TABLES = 'server/db/schema/entities.ts';
const table = `
/** The ${words} rows of a tenant (domain/${kebab}.ts). */
export const ${camel}Table = pgTable(
  '${name}',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    name: text('name').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('${name}_tenant_name').on(t.tenantId, t.name), index('${name}_tenant_id').on(t.tenantId, t.id)],
);
`;
const TABLE_IMPORTS: Record<string, string[]> = {
  'drizzle-orm/pg-core': ['bigint', 'bigserial', 'index', 'pgTable', 'text', 'timestamp', 'uniqueIndex'],
  './core': ['tenant'],
  './user': ['staffUser'],
};

/** `text` with each of `imports` (module: names) merged into its import line, or added after the file's comment. */
function withImports(text: string, imports: Record<string, string[]>): string {
  // in reverse, as each new line goes right after the comment
  for (const [from, names] of Object.entries(imports).reverse()) {
    const line = new RegExp(`import \\{([^}]*)\\} from '${from.replace(/[./]/g, '\\$&')}';\\n`);
    const had =
      text
        .match(line)?.[1]
        .split(',')
        .map((n) => n.trim()) ?? [];
    const all = [...new Set([...had, ...names])].filter(Boolean).sort();
    const next = `import { ${all.join(', ')} } from '${from}';\n`;
    text = had.length ? text.replace(line, next) : text.replace(/\*\/\n/, (end) => `${end}${next}`);
  }
  return text;
}

/** Adds the definition to domain/entities.ts: its import and its place at the end of DECLARED_ENTITIES. */
function declare(text: string): string {
  const imports = text.match(/^import .*;$/gm)!;
  const last = imports[imports.length - 1];
  return text
    .replace(last, `${last}\nimport { ${camel} } from './${kebab}';`)
    .replace(
      /(DECLARED_ENTITIES[^=]*= \[)([^\]]*)\];/,
      (_, head: string, list: string) => `${head}${list.trim().replace(/,$/, '')}, ${camel}];`,
    );
}

for (const path of Object.keys(files)) {
  const full = join(root, path);
  if (existsSync(full)) {
    console.error(`${path} exists: nothing written`);
    process.exit(1);
  }
}
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const write = (path: string, text: string, verb = 'wrote') => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`${verb} ${path}`);
};
for (const [path, text] of Object.entries(files)) write(path, text);
write(TABLES, withImports(read(TABLES), TABLE_IMPORTS).replace(/^export \{\};\n/m, '') + table, 'added the table to');
write('domain/entities.ts', declare(read('domain/entities.ts')), 'declared it in');
const j = JSON.parse(read('server/db/migrations/meta/_journal.json')) as { entries: object[] };
j.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
write('server/db/migrations/meta/_journal.json', `${JSON.stringify(j, null, 2)}\n`, `added ${tag} to`);
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
run('npx', ['prettier', '--log-level', 'warn', '--write', ...Object.keys(files), TABLES, 'domain/entities.ts']);
run('npx', ['tsx', 'scripts/db-snapshot.ts']);
console.log(`
Next (docs/adding-an-entity.md): the fields (definition, table, migration, routes' columns and present), the title
and noun in both languages; after changing the table, npm run db:snapshot again. Run:
  npx vitest run -c vitest.server.config.ts tests/server/${kebab}.test.ts tests/server/db-schema.test.ts
`);
