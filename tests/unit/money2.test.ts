// money2 answers a numeric(20,2) column's text as is (no BigInt round trip): the same string the round trip gives,
// for every form the database or a caller may hand it.
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../server/ledger/money';
import { money2 } from '../../server/modules/records/common';

const slow = (v: string) => fromCents(toCents(v));

describe('money2', () => {
  it('equals the BigInt round trip', () => {
    const samples = ['0.00', '-0.00', '0.50', '-0.50', '1.23', '-12.30', '007.10', '1.2', '5', '-5', '1.200', '+3.00'];
    samples.push('999999999999999999.99', '-999999999999999999.99', '100000000000000000.00');
    for (let i = 0; i < 2000; i++) {
      const cents = BigInt(Math.floor(Math.random() * 1e12)) * (i % 2 ? -1n : 1n);
      samples.push(fromCents(cents));
    }
    for (const v of samples) expect(money2(v), v).toBe(slow(v));
    expect(money2(null)).toBeNull();
  });

  it('still refuses what the round trip refuses', () => {
    for (const v of ['1000000000000000000.00', '1.234', 'abc']) expect(() => money2(v), v).toThrow();
  });
});
