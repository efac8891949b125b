import { describe, expect, it } from 'vitest';
import { ACTIONS, can, featureFlags, loadRole, ROLES, type Role } from '../../permissions';

// The spec's table (section 6), written out by hand: resource -> allowed actions ('*' = all twelve).
const RESOURCES = [
  'dashboard',
  'stat',
  'teamstat',
  'kyc',
  'client',
  'funds',
  'deposit',
  'withdrawal',
  'compensation',
  'loan',
  'trx',
  'trades',
  'users',
  'message',
  'service',
  'cryptoAddress',
  'settings',
  'permission',
] as const;
type Expected = Partial<Record<(typeof RESOURCES)[number], '*' | string[]>>;

const EXPECTED: Record<Role, Expected> = {
  god: {
    dashboard: '*',
    stat: '*',
    teamstat: '*',
    kyc: '*',
    client: '*',
    funds: '*',
    deposit: '*',
    withdrawal: '*',
    compensation: '*',
    loan: '*',
    trx: '*',
    trades: '*',
    users: '*',
    message: '*',
    service: '*',
    cryptoAddress: '*',
    settings: '*',
    permission: '*',
  },
  angel: {
    dashboard: '*',
    stat: '*',
    kyc: '*',
    client: '*',
    funds: '*',
    trx: '*',
    trades: '*',
    users: '*',
    message: '*',
    service: '*',
    cryptoAddress: '*',
  },
  superman: {
    dashboard: ['read'],
    teamstat: '*',
    kyc: '*',
    trx: '*',
    users: '*',
    service: '*',
    client: ['read', 'update'],
    deposit: ['read'],
    withdrawal: ['read'],
    compensation: ['read'],
    loan: ['read'],
    message: ['create', 'read'],
  },
  hero: {
    dashboard: ['read'],
    kyc: '*',
    trx: '*',
    client: ['read', 'update', 'robot'],
    deposit: ['read'],
    withdrawal: ['read'],
    compensation: ['read'],
    loan: ['read'],
    message: ['read'],
  },
};

const cases = ROLES.flatMap((role) =>
  RESOURCES.flatMap((resource) =>
    ACTIONS.map((action) => {
      const allowed = EXPECTED[role][resource];
      return { role, resource, action, expected: allowed === '*' || (allowed?.includes(action) ?? false) };
    }),
  ),
);

describe('can() over every role x resource x action of the spec table', () => {
  it('covers 4 roles x 18 resources x 12 actions', () => {
    expect(cases).toHaveLength(4 * 18 * 12);
    expect(ACTIONS).toHaveLength(12);
  });

  it.each(cases)('$role $action $resource -> $expected', ({ role, resource, action, expected }) => {
    expect(can(loadRole(role).grants, resource, action)).toBe(expected);
  });
});

describe('can() rules', () => {
  it('a check without resource or action passes, even with no grants', () => {
    expect(can(undefined, undefined, 'read')).toBe(true);
    expect(can([], 'client', undefined)).toBe(true);
    expect(can([], '', '')).toBe(true);
  });

  it('no grants deny; star resource and star action', () => {
    expect(can(undefined, 'client', 'read')).toBe(false);
    expect(can([{ resource: '*', actions: ['read'] }], 'anything', 'read')).toBe(true);
    expect(can([{ resource: '*', actions: ['read'] }], 'anything', 'delete')).toBe(false);
    expect(can([{ resource: 'kyc', actions: ['*'] }], 'kyc', 'approve')).toBe(true);
    expect(can([{ resource: 'kyc', actions: ['*'] }], 'client', 'approve')).toBe(false);
  });

  it('roles come from their files; a missing one is an error', () => {
    for (const role of ROLES) expect(loadRole(role).role).toBe(role);
    expect(() => loadRole('x')).toThrow('No permissions json found for role');
    expect(() => loadRole('toString')).toThrow('No permissions json found for role');
  });

  it.each([
    ['god', true, false],
    ['angel', true, true],
    ['superman', true, false],
    ['hero', false, true],
  ])('feature flags of %s: beta.blockDeals %s, ui.compactSideMenu %s', (role, blockDeals, compact) => {
    expect(featureFlags(role)).toEqual({ 'beta.blockDeals': blockDeals, 'ui.compactSideMenu': compact });
  });
});

describe('permissions/ stays pure', () => {
  it('imports nothing but its own files: no React, router, registry or console code', () => {
    const sources = import.meta.glob<string>('../../permissions/**/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(sources).filter((path) => path.endsWith('.tsx'))).toEqual([]);
    for (const [path, text] of Object.entries(sources)) {
      const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]);
      expect(
        specifiers.filter((s) => !s.startsWith('./')),
        path,
      ).toEqual([]);
    }
  });
});
