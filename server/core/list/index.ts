/**
 * Shared list plumbing for every module (DESIGN.md section 3), split by job: paging.ts (query and answer schemas,
 * the page plan, cursors), count.ts (totals without an unbounded count), page.ts (one page in one prepared query),
 * csv.ts (CSV export streamed in keyset batches, the audited attachment), xlsx.ts (the same export as .xlsx).
 */
export * from './paging';
export * from './count';
export * from './page';
export * from './csv';
export * from './xlsx';
