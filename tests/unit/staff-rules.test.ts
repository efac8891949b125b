/**
 * The staff rules both sides import (domain/user.ts): who manages whom (a strictly lower role; administrators manage
 * administrators), the roles each may give, and the spec's password rule (at least 6 characters after trimming).
 */
import { describe, expect, it } from 'vitest';
import { assignableRoles, manages, MIN_PASSWORD_LENGTH, passwordProblem, STAFF_ROLES } from '../../domain/user';

describe('manages', () => {
  it('only strictly lower roles, administrators every role', () => {
    const table = Object.fromEntries(STAFF_ROLES.map((r) => [r, STAFF_ROLES.filter((target) => manages(r, target))]));
    expect(table).toEqual({
      god: ['god', 'angel', 'superman', 'hero'],
      angel: ['superman', 'hero'],
      superman: ['hero'],
      hero: [],
    });
    expect(manages('pope', 'hero')).toBe(false);
    expect(manages('god', 'pope')).toBe(false);
  });

  it('the roles given are those managed', () => {
    for (const role of STAFF_ROLES) expect(assignableRoles(role)).toEqual(STAFF_ROLES.filter((r) => manages(role, r)));
    expect(assignableRoles('angel')).toEqual(['superman', 'hero']);
  });
});

describe('passwordProblem', () => {
  it('the spec minimum, counted after trimming', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('   ')).toBe('required');
    expect(passwordProblem(undefined)).toBe('required');
    expect(passwordProblem(' 12345 ')).toBe('too_short');
    expect(passwordProblem('123456')).toBeUndefined();
  });
});
