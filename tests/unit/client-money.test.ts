import { describe, expect, it } from 'vitest';
import {
  addMoney,
  clampMoney,
  compareMoney,
  convertMoney,
  formatMoney,
  formatRate,
  fromCents,
  isValidAmount,
  signOf,
  toCents,
  toFixed2,
} from '../../resources/client/money';

describe('money.ts', () => {
  it('adds exactly to the cent', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(addMoney('99999999999999.98', '0.01')).toBe('99999999999999.99');
    expect(addMoney('-5', '2.5')).toBe('-2.50');
  });

  it('keeps large values exact (beyond float precision)', () => {
    expect(toCents('99999999999999.99')).toBe(9999999999999999n);
    expect(fromCents(9999999999999999n)).toBe('99999999999999.99');
    expect(formatMoney('99999999999999.99')).toBe('99,999,999,999,999.99');
    expect(compareMoney('99999999999999.99', '99999999999999.98')).toBe(1);
  });

  it('parses strictly for user input: step 0.01, greater than 0', () => {
    expect(isValidAmount('100')).toBe(true);
    expect(isValidAmount('0.01')).toBe(true);
    expect(isValidAmount('12.34')).toBe(true);
    expect(isValidAmount('12.345')).toBe(false);
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('0.00')).toBe(false);
    expect(isValidAmount('-1')).toBe(false);
    expect(isValidAmount('')).toBe(false);
    expect(isValidAmount('abc')).toBe(false);
    expect(isValidAmount('1e3')).toBe(false);
    expect(isValidAmount('1E2')).toBe(false);
    expect(isValidAmount('1.5e1')).toBe(false);
    expect(toCents('1e3', true)).toBeNull();
    // API values keep their exponent expansion
    expect(toCents('1e3')).toBe(100000n);
  });

  it('rounds API values half away from zero to cents', () => {
    expect(toFixed2('1.005')).toBe('1.01');
    expect(toFixed2('1.0049')).toBe('1.00');
    expect(toFixed2('-1.005')).toBe('-1.01');
    expect(toFixed2('12.5')).toBe('12.50');
    expect(toFixed2('7')).toBe('7.00');
    expect(toFixed2('123.4500')).toBe('123.45');
    expect(toFixed2('x')).toBeNull();
  });

  it('compares, signs and clamps', () => {
    expect(compareMoney('10', '10.00')).toBe(0);
    expect(compareMoney('9.99', '10')).toBe(-1);
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('0.01')).toBe(1);
    expect(clampMoney('150', '100.5')).toBe('100.50');
    expect(clampMoney('50', '100.5')).toBe('50');
    expect(clampMoney('100.504', '100.50')).toBe('100.504');
    expect(clampMoney('100.505', '100.50')).toBe('100.50');
  });

  it('formats with thousands separators and sign', () => {
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney(null)).toBe('-');
  });

  it('formats rates with 6 decimals and converts amounts without floats on money', () => {
    expect(formatRate(7.1234567)).toBe('7.123457');
    expect(formatRate(1)).toBe('1.000000');
    expect(convertMoney('100', 7.123456)).toBe('712.35');
    expect(convertMoney('0.01', 0.5)).toBe('0.01');
    expect(convertMoney('99999999999999.99', 1)).toBe('99999999999999.99');
    expect(convertMoney('10', 1e-7)).toBe('0.00');
  });
});
