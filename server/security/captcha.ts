import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client';
import { captcha } from '../db/schema';
import { keyedHash, sameDigest } from './tokens';

/** Captchas expire after two minutes. */
export const CAPTCHA_TTL_SEC = 120;

export interface IssuedCaptcha {
  id: string;
  /** The SVG as a data URL. */
  image: string;
  /** The answer in clear: kept only in memory by test builds, never returned to a client. */
  text: string;
}

const answerHash = (pepper: string, text: string) => keyedHash(pepper, `captcha:${text.trim().toLowerCase()}`);

/** Issues a captcha: its answer is stored hashed (case-insensitive) with its expiry; stale rows are purged. */
export async function issueCaptcha(db: Db, pepper: string): Promise<IssuedCaptcha> {
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f4f6f8',
  });
  const id = randomUUID();
  await db.delete(captcha).where(lt(captcha.expiresAt, sql`now() - interval '10 minutes'`));
  await db.insert(captcha).values({
    id,
    answerHash: answerHash(pepper, text),
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SEC})`,
  });
  return { id, text, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Consumes the captcha (whatever the answer: single use) and tells whether the answer matches before expiry. */
export async function checkCaptcha(db: Db, pepper: string, id: string, answer: string): Promise<boolean> {
  const [row] = await db
    .update(captcha)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captcha.id, id), isNull(captcha.usedAt), gt(captcha.expiresAt, sql`now()`)))
    .returning({ answerHash: captcha.answerHash });
  return !!row && sameDigest(row.answerHash, answerHash(pepper, answer));
}
