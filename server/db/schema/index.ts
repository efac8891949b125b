/** The database schema, split by area; drizzle.config.ts points here (drizzle-kit reads every table exported). */
export * from './core';
export * from './user';
export * from './auth';
export * from './setting';
export * from './client';
export * from './ledger';
export * from './deposit';
export * from './withdraw';
export * from './overdrawn';
export * from './exchange';
export * from './ip-access';
