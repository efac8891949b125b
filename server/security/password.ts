import { createHash, createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): real cost in every environment, tests included.
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

const peppered = (wirePassword: string, pepper: string) =>
  createHmac('sha256', pepper).update(wirePassword).digest('hex');

/** The wire form of a typed password: MD5 hex (spec section 7). */
export const md5hex = (typed: string) => createHash('md5').update(typed).digest('hex');

/** argon2id over HMAC-SHA256(pepper, wire password). */
export function hashPassword(wirePassword: string, pepper: string): Promise<string> {
  return hash(peppered(wirePassword, pepper), ARGON2);
}

/** Whether the wire password matches the stored hash; never throws on a malformed hash. */
export async function verifyPassword(storedHash: string, wirePassword: string, pepper: string): Promise<boolean> {
  try {
    return await verify(storedHash, peppered(wirePassword, pepper));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown username answers no faster than a wrong password. */
export async function burnPasswordCheck(wirePassword: string, pepper: string): Promise<false> {
  dummy ??= hashPassword('not-a-password', 'dummy');
  await verifyPassword(await dummy, wirePassword, pepper);
  return false;
}
