// domain/cidr.ts: address and range parsing, canonical text, matching (IPv4, IPv6, IPv4-mapped IPv6).
import { describe, expect, it } from 'vitest';
import { anyContains, cidrContains, formatCidr, normalizeIp, parseCidr, parseIp } from '../../domain/cidr';

const cidr = (text: string) => {
  const p = parseCidr(text);
  if (!p.ok) throw new Error(`${text}: ${p.problem}`);
  return p.cidr;
};
const canonical = (text: string) => formatCidr(cidr(text));

describe('parseIp / normalizeIp', () => {
  it('reads IPv4 and IPv6 and writes them canonically', () => {
    expect(normalizeIp('10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('0.0.0.0')).toBe('0.0.0.0');
    expect(normalizeIp('255.255.255.255')).toBe('255.255.255.255');
    expect(normalizeIp('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeIp('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(normalizeIp('::')).toBe('::');
    expect(normalizeIp('::1')).toBe('::1');
    expect(normalizeIp('fe80::')).toBe('fe80::');
    expect(normalizeIp('2001:0db8:0001:0000:0000:0000:0000:0000')).toBe('2001:db8:1::');
    // One zero group is not compressed (RFC 5952 4.2.2).
    expect(normalizeIp('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(normalizeIp('64:ff9b::192.0.2.33')).toBe('64:ff9b::c000:221');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(parseIp('::ffff:10.1.2.3')).toEqual({ version: 4, value: 0x0a010203n });
    expect(normalizeIp('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('::ffff:a01:203')).toBe('10.1.2.3');
    expect(normalizeIp('0:0:0:0:0:ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      ' ',
      '10.1.2',
      '10.1.2.3.4',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3.-1',
      '1.2.3.4/32',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '12345::',
      'g::1',
      'fe80::1%eth0',
      '::ffff:300.1.2.3',
      '1.2.3.4::',
      'localhost',
    ])
      expect(parseIp(text), JSON.stringify(text)).toBeNull();
  });
});

describe('parseCidr', () => {
  it('reads ranges, a bare address as its /32 or /128, mapped ranges as IPv4', () => {
    expect(canonical('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(canonical(' 203.0.113.7 ')).toBe('203.0.113.7/32');
    expect(canonical('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(canonical('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(canonical('2001:db8::1')).toBe('2001:db8::1/128');
    expect(canonical('::/0')).toBe('::/0');
    expect(canonical('::ffff:10.0.0.0/104')).toBe('10.0.0.0/8');
    expect(canonical('::ffff:192.0.2.1')).toBe('192.0.2.1/32');
  });

  it('refuses host bits set after the prefix instead of clearing them', () => {
    expect(parseCidr('10.1.2.3/8')).toEqual({ ok: false, problem: 'host_bits' });
    expect(parseCidr('10.0.0.1/31')).toEqual({ ok: false, problem: 'host_bits' });
    expect(parseCidr('2001:db8::1/64')).toEqual({ ok: false, problem: 'host_bits' });
    expect(parseCidr('10.0.0.1/32').ok).toBe(true);
  });

  it('refuses malformed ranges', () => {
    for (const text of [
      'abc',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '10.0.0.0/08',
      '10.0.0.0/8/8',
      '/8',
      '2001:db8::/129',
      '10.0.0.0 /8',
    ])
      expect(parseCidr(text), text).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('matching', () => {
  it('holds the addresses of its prefix, of its family only', () => {
    const net = cidr('10.0.0.0/8');
    expect(cidrContains(net, parseIp('10.255.255.255')!)).toBe(true);
    expect(cidrContains(net, parseIp('11.0.0.0')!)).toBe(false);
    expect(cidrContains(net, parseIp('9.255.255.255')!)).toBe(false);
    expect(cidrContains(net, parseIp('::ffff:10.9.9.9')!)).toBe(true);
    expect(cidrContains(net, parseIp('::a09:909')!)).toBe(false);
    expect(cidrContains(cidr('0.0.0.0/0'), parseIp('1.2.3.4')!)).toBe(true);
    expect(cidrContains(cidr('0.0.0.0/0'), parseIp('::1')!)).toBe(false);
    const v6 = cidr('2001:db8::/32');
    expect(cidrContains(v6, parseIp('2001:db8:ffff:ffff::1')!)).toBe(true);
    expect(cidrContains(v6, parseIp('2001:db9::')!)).toBe(false);
    expect(cidrContains(cidr('203.0.113.7/32'), parseIp('203.0.113.7')!)).toBe(true);
    expect(cidrContains(cidr('203.0.113.7/32'), parseIp('203.0.113.8')!)).toBe(false);
  });

  it('anyContains: any stored range; an unparsable address or entry holds nothing', () => {
    const list = ['10.0.0.0/8', 'garbage', '2001:db8::/32'];
    expect(anyContains(list, '10.1.1.1')).toBe(true);
    expect(anyContains(list, '::ffff:10.1.1.1')).toBe(true);
    expect(anyContains(list, '2001:db8::5')).toBe(true);
    expect(anyContains(list, '192.168.0.1')).toBe(false);
    expect(anyContains(list, 'garbage')).toBe(false);
    expect(anyContains([], '10.1.1.1')).toBe(false);
  });
});
