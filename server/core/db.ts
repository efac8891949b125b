/** Types of the database handle that services take (the database itself is opened by server/db/client.ts). */
import type { Db } from '../db/client';

export type { Db };
/** A drizzle transaction handle (same API as Db, bound to one connection and one transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;
