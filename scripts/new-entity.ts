/**
 * `npm run new:entity -- <name> [migration number]`: writes the files of a new configuration entity as
 * docs/adding-an-entity.md describes them (the definition, the table and its migration, the API module, the console
 * declaration and messages, a server test), each a working start to edit, and prints the registrations it does not
 * write (the shared lists other work also edits). `<name>` is snake_case (`bank_blacklist`).
 */
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
  [`server/db/schema/${kebab}.ts`]: `import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenant } from './core';
import { staffUser } from './user';

/** ${Pascal} rows of a tenant (domain/${kebab}.ts). */
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
`,
  [`server/db/migrations/${tag}.sql`]: `CREATE TABLE "${name}" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenant"("id"),
	"name" text NOT NULL,
	"updated_by" bigint REFERENCES "staff_user"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "${name}_tenant_name" ON "${name}" USING btree ("tenant_id","name");
--> statement-breakpoint
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

/** ${Pascal}: list, export, create, edit, delete from the definition (domain/${kebab}.ts). */
export const ${camel}Routes: FastifyPluginAsync = async (app) => {
  entityList(app, list);
  entityWrites(app, { list, table });
};
`,
  [`resources/${name}/index.ts`]: `import { ${camel} } from '../../domain/${kebab}';
import { defineResource } from '../engine/define';
import { entityResource } from '../engine/entityResource';

/** ${Pascal} (config group): list, filters, export, create form, edit and delete from the definition. */
export default defineResource(entityResource(${camel}, { fields: { id: { hidden: true } } }));
`,
  [`resources/${name}/messages.ts`]: `/** ${Pascal} texts: labels come from the definition (domain/${kebab}.ts). */
import { ${camel} } from '../../domain/${kebab}';
import { entityMessages } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

export default {
  'zh-CN': { resources: { ${name}: entityMessages(${camel}, 'zh-CN') } },
  'en-US': { resources: { ${name}: entityMessages(${camel}, 'en-US') } },
} satisfies MessageModule;
`,
  [`tests/server/${kebab}.test.ts`]: `// ${Pascal}: the generated list and writes (tests/server/entity-writes.test.ts covers the generic cases in depth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
const P = '/api/${name}/admin/v1';
beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  admin = (await login(t.app, 'admin')).access_token;
}, 300_000);
afterAll(() => t?.close());

describe('${name}', () => {
  it('creates, lists, refuses a duplicate, edits and deletes', async () => {
    const created = await call(t.app, 'POST', \`\${P}/create\`, { token: admin, body: { name: 'First' } });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect((await call(t.app, 'GET', \`\${P}/list?name=Fir\`, { token: admin })).json().total).toBe(1);
    expect((await call(t.app, 'POST', \`\${P}/create\`, { token: admin, body: { name: 'First' } })).statusCode).toBe(409);
    expect((await call(t.app, 'PUT', \`\${P}/\${id}\`, { token: admin, body: { name: 'Second' } })).json().name).toBe('Second');
    expect((await call(t.app, 'DELETE', \`\${P}/\${id}\`, { token: admin })).statusCode).toBe(200);
  });
});
`,
};

for (const path of Object.keys(files)) {
  const full = join(root, path);
  if (existsSync(full)) {
    console.error(`${path} exists: nothing written`);
    process.exit(1);
  }
}
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
const j = JSON.parse(readFileSync(journal, 'utf8')) as { entries: object[] };
j.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(journal, `${JSON.stringify(j, null, 2)}\n`);
console.log(`added ${tag} to server/db/migrations/meta/_journal.json`);
console.log(`
Still by hand (docs/adding-an-entity.md, steps 2 to 5):
  server/db/schema/index.ts     export * from './${kebab}';
  server/app.ts                 import { ${camel}Routes } ... and add it to API_MODULES
  resources/messages.ts         import ${camel} from './${name}/messages'; ${name}: ${camel}
  resources/registry.ts         { ...declared('${name}', () => import('./${name}'), '${camel}'), title: {...} } under config
  permissions/                  the key ${camel} under config and the roles that hold it
  the migration                 grants and row-level security as the other config tables have them
  tests/unit/engine.test.ts, tests/unit/permissions-menu.test.ts, tests/e2e/menu-expectations.ts, the audit-log vocabulary
`);
