/**
 * The tables of the declared entities (domain/entities.ts) that have no schema file of their own: one block each,
 * appended by `npm run new:entity` (scripts/new-entity.ts), so that a new entity adds no line to index.ts.
 */
export {};
