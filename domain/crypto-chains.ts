/**
 * The fields of a crypto deposit (chain, receiving address, transaction hash): the chains offered and the rules the
 * API (server/modules/deposit/service.ts, the specialized deposit and the crypto list filters) and the console's
 * deposit dialog both apply, declared once. Plain data and pure functions (domain/: no React, no server code).
 */

/** The chains (networks) a crypto deposit may arrive on. */
export const CRYPTO_CHAINS = ['TRC20', 'ERC20', 'BEP20', 'BTC', 'ETH', 'SOL'] as const;
export type CryptoChain = (typeof CRYPTO_CHAINS)[number];

/** EVM chains: their transaction hashes are written 0x-prefixed. */
const EVM_CHAINS: readonly string[] = ['ERC20', 'BEP20', 'ETH'];
/** Chains whose transaction ids are base58 (case matters); the others' are hex (case does not). */
const BASE58_CHAINS: readonly string[] = ['SOL'];

/** A receiving address: 20 to 120 ASCII letters and digits (covers T…, 0x…, bc1…, base58). */
export const ADDRESS_PATTERN = '^[A-Za-z0-9]{20,120}$';
/** A transaction hash: 32 to 100 hex digits (optionally 0x-prefixed) or base58 characters. */
export const TX_HASH_PATTERN = '^(?:(?:0x)?[0-9A-Fa-f]{32,100}|[1-9A-HJ-NP-Za-km-z]{32,100})$';

const ADDRESS = new RegExp(ADDRESS_PATTERN);
const TX_HASH = new RegExp(TX_HASH_PATTERN);
const HEX_HASH = /^(?:0x)?([0-9A-Fa-f]{32,100})$/;

/**
 * Each chain's receiving-address format, within ADDRESS_PATTERN: TRON base58 `T` + 33; EVM `0x` + 40 hex digits;
 * Bitcoin legacy/P2SH base58 (`1`/`3`, 26-35) or bech32 `bc1` (42-62, lower case); Solana base58 (32-44). The
 * platform's receiving addresses (domain/crypto-address.ts) are checked with it, so the deposit dialog, which offers
 * only those, sends addresses of the chain's own shape.
 */
export const CHAIN_ADDRESS_PATTERNS: Readonly<Record<CryptoChain, string>> = {
  TRC20: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  ERC20: '^0x[0-9A-Fa-f]{40}$',
  BEP20: '^0x[0-9A-Fa-f]{40}$',
  BTC: '^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{39,59})$',
  ETH: '^0x[0-9A-Fa-f]{40}$',
  SOL: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
};

/** Why a receiving address is refused for a chain: missing, not an address at all, or not of the chain's shape. */
export type AddressProblem = 'required' | 'invalid' | 'address_chain';

/** The problem of an address on `chain` (trimmed), or undefined when it is one of that chain's addresses. */
export function chainAddressProblem(chain: string, address: string | null | undefined): AddressProblem | undefined {
  const value = (address ?? '').trim();
  if (!value) return 'required';
  if (!ADDRESS.test(value)) return 'invalid';
  if (isCryptoChain(chain) && !new RegExp(CHAIN_ADDRESS_PATTERNS[chain]).test(value)) return 'address_chain';
  return undefined;
}

/**
 * The spelling under which two addresses of one chain are the same: hex (EVM) and bech32 addresses are
 * case-insensitive (lower case), base58 ones are case-sensitive (as given). Trimmed.
 */
export function canonicalAddress(chain: string, address: string): string {
  const value = address.trim();
  if (EVM_CHAINS.includes(chain) || /^bc1/i.test(value)) return value.toLowerCase();
  return value;
}

/** Whether `value` is one of CRYPTO_CHAINS (exact, upper case). */
export const isCryptoChain = (value: unknown): value is CryptoChain =>
  typeof value === 'string' && (CRYPTO_CHAINS as readonly string[]).includes(value);

/** The three fields as a form or a request carries them. */
export interface CryptoFields {
  chain?: string | null;
  address?: string | null;
  tx_hash?: string | null;
}

/** Why a crypto field is refused: missing, or not of the expected shape. */
export type CryptoFieldProblem = 'required' | 'invalid';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The problem of each field of a crypto deposit (an empty object when all three are valid). Values are trimmed. */
export function cryptoFieldProblems(f: CryptoFields): Partial<Record<keyof CryptoFields, CryptoFieldProblem>> {
  const out: Partial<Record<keyof CryptoFields, CryptoFieldProblem>> = {};
  if (blank(f.chain)) out.chain = 'required';
  else if (!isCryptoChain(String(f.chain).trim())) out.chain = 'invalid';
  if (blank(f.address)) out.address = 'required';
  else if (!ADDRESS.test(String(f.address).trim())) out.address = 'invalid';
  if (blank(f.tx_hash)) out.tx_hash = 'required';
  else if (!TX_HASH.test(String(f.tx_hash).trim())) out.tx_hash = 'invalid';
  return out;
}

/**
 * The stored spelling of a transaction hash, so that one on-chain transaction has one spelling per chain (the unique
 * index and the exact filter compare it): trimmed; a hex hash on a hex chain in lower case, 0x-prefixed on EVM
 * chains and without the prefix elsewhere (as their explorers write it); anything else (base58) unchanged.
 */
export function canonicalTxHash(chain: string, hash: string): string {
  const value = hash.trim();
  if (BASE58_CHAINS.includes(chain)) return value;
  const hex = HEX_HASH.exec(value);
  if (!hex) return value;
  const digits = hex[1].toLowerCase();
  return EVM_CHAINS.includes(chain) ? `0x${digits}` : digits;
}
