/**
 * The funds menu's pending counts: how many records of a list wait (status pending, in the staff member's scope),
 * read as the list's total with one row asked. The live events refresh them (src/live/LiveUpdates.tsx).
 */
export const PENDING_LISTS: Readonly<Record<string, string>> = {
  deposit: '/deposit/admin/v1/list',
  withdrawal: '/withdraw/admin/v1/list',
  crypto_deposit: '/deposit/admin/v1/crypto/list',
};

/** The react-query key of a list's pending count. */
export const pendingKey = (resource: string) => ['live', 'pending', resource] as const;
