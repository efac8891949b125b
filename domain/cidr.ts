/**
 * IP addresses and CIDR ranges (IPv4 and IPv6) as plain data: parsing, canonical text and matching. Pure (no Node
 * or browser API), so the API's allow-list check and the console's form use the same rules.
 *
 * Rules:
 * - IPv4 is dotted decimal, four parts 0..255, no leading zeros ("010.0.0.1" is refused: some tools read it as octal).
 * - IPv6 is the text form of RFC 4291 (`::` once, a dotted IPv4 tail allowed); zone ids (`%eth0`) are refused.
 * - An IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, what a dual-stack socket reports for an IPv4 client) is the
 *   IPv4 address; a mapped range (`::ffff:10.0.0.0/104`) is the IPv4 range (`10.0.0.0/8`).
 * - A range without a prefix is the single address (`/32`, `/128`).
 * - Host bits set (`10.1.2.3/8`) are refused rather than silently cleared: the entry would allow more (or other)
 *   addresses than the one typed, which on an allow-list must be a conscious choice (`host_bits`).
 */

export type IpVersion = 4 | 6;

/** An address: its family and its value as an unsigned integer (32 or 128 bits). */
export interface IpAddress {
  readonly version: IpVersion;
  readonly value: bigint;
}

/** A range: its first address (host bits clear) and its prefix length. */
export interface Cidr {
  readonly version: IpVersion;
  readonly base: bigint;
  readonly prefix: number;
}

/** Why a range is refused: not an address or range at all, or host bits set after the prefix. */
export type CidrProblem = 'invalid' | 'host_bits';

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };
const MAPPED_PREFIX = 0xffffn;

const V4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

function parseV4(text: string): bigint | null {
  const m = V4.exec(text);
  if (!m) return null;
  let value = 0n;
  for (let i = 1; i <= 4; i++) {
    const part = Number(m[i]);
    if (part > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** The 16-bit groups of one side of `::` (a dotted IPv4 tail allowed where `tail`), or null. */
function groupsOf(side: string, tail: boolean): bigint[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: bigint[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (tail && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseV4(part);
      if (v4 === null) return null;
      groups.push(v4 >> 16n, v4 & 0xffffn);
    } else if (HEX_GROUP.test(part)) groups.push(BigInt(`0x${part}`));
    else return null;
  }
  return groups;
}

function parseV6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  let groups: bigint[];
  if (halves.length === 2) {
    const head = groupsOf(halves[0], false);
    const rest = groupsOf(halves[1], true);
    if (!head || !rest || head.length + rest.length > 7) return null;
    groups = [...head, ...Array<bigint>(8 - head.length - rest.length).fill(0n), ...rest];
  } else {
    const all = groupsOf(text, true);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  return groups.reduce((acc, g) => (acc << 16n) | g, 0n);
}

/** The address as written, IPv4-mapped IPv6 left as IPv6. */
function parseRaw(text: string): IpAddress | null {
  const s = text.trim().toLowerCase();
  if (!s || s.length > 45) return null;
  if (!s.includes(':')) {
    const v4 = parseV4(s);
    return v4 === null ? null : { version: 4, value: v4 };
  }
  const v6 = parseV6(s);
  return v6 === null ? null : { version: 6, value: v6 };
}

const isMapped = (a: IpAddress) => a.version === 6 && a.value >> 32n === MAPPED_PREFIX;

/** Parses an address; an IPv4-mapped IPv6 address is answered as IPv4. Null when it is not an address. */
export function parseIp(text: string): IpAddress | null {
  const raw = parseRaw(text);
  if (!raw) return null;
  return isMapped(raw) ? { version: 4, value: raw.value & 0xffffffffn } : raw;
}

const mask = (version: IpVersion, prefix: number): bigint => {
  const bits = BITS[version];
  return ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
};

/** Parses a range (`10.0.0.0/8`, `2001:db8::/32`, a bare address = its /32 or /128), or says why it is refused. */
export function parseCidr(text: string): { ok: true; cidr: Cidr } | { ok: false; problem: CidrProblem } {
  const s = String(text ?? '').trim();
  if (/\s/.test(s)) return { ok: false, problem: 'invalid' };
  const slash = s.indexOf('/');
  const addressText = slash < 0 ? s : s.slice(0, slash);
  const prefixText = slash < 0 ? undefined : s.slice(slash + 1);
  const raw = parseRaw(addressText);
  if (!raw) return { ok: false, problem: 'invalid' };
  let prefix = BITS[raw.version];
  if (prefixText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return { ok: false, problem: 'invalid' };
    prefix = Number(prefixText);
    if (prefix > BITS[raw.version]) return { ok: false, problem: 'invalid' };
  }
  let version: IpVersion = raw.version;
  let value = raw.value;
  if (isMapped(raw) && prefix >= 96) {
    version = 4;
    value = raw.value & 0xffffffffn;
    prefix -= 96;
  }
  if ((value & mask(version, prefix)) !== value) return { ok: false, problem: 'host_bits' };
  return { ok: true, cidr: { version, base: value, prefix } };
}

function formatV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952 text: lower case, no leading zeros, the longest run (2 or more) of zero groups as `::`. */
function formatV6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  const head = hex.slice(0, best.start).join(':');
  const tail = hex.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

/** The canonical text of an address (IPv4 dotted, IPv6 per RFC 5952). */
export function formatIp(ip: IpAddress): string {
  return ip.version === 4 ? formatV4(ip.value) : formatV6(ip.value);
}

/** The canonical text of a range, always with its prefix (`203.0.113.7/32`). */
export function formatCidr(cidr: Cidr): string {
  return `${formatIp({ version: cidr.version, value: cidr.base })}/${cidr.prefix}`;
}

/** The canonical text of an address as written (mapped IPv6 as IPv4), or null when it is not one. */
export function normalizeIp(text: string): string | null {
  const ip = parseIp(text);
  return ip ? formatIp(ip) : null;
}

/** Whether the range holds the address (same family, same leading `prefix` bits). */
export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.version !== ip.version) return false;
  return (ip.value & mask(cidr.version, cidr.prefix)) === cidr.base;
}

/**
 * Whether any of the ranges (as stored: canonical text; unparsable ones ignored) holds the address (text as the
 * socket reports it). An unparsable address is held by none.
 */
export function anyContains(cidrs: readonly string[], address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  return cidrs.some((text) => {
    const parsed = parseCidr(text);
    return parsed.ok && cidrContains(parsed.cidr, ip);
  });
}
