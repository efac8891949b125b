import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../core/db';
import { recoveryCode, staffUser } from '../db/schema';
import { recoveryCodeHash } from './recovery';
import { verifyTotp } from './totp';

/** A second factor as sent by the console: an authenticator code or a recovery code. */
export interface SecondFactor {
  code?: string;
  recovery_code?: string;
}

/**
 * Accepts a TOTP code at most once (the step is claimed atomically: a replay is refused) or consumes
 * an unused recovery code. Returns which factor matched, or null.
 */
export async function consumeSecondFactor(
  db: Executor,
  pepper: string,
  user: { id: number; mfaSecret: string | null; mfaLastStep: number | null },
  factor: SecondFactor,
): Promise<'totp' | 'recovery' | null> {
  if (factor.code && user.mfaSecret) {
    const step = verifyTotp(user.mfaSecret, factor.code.trim(), { afterStep: user.mfaLastStep });
    if (step === null) return null;
    const claimed = await db
      .update(staffUser)
      .set({ mfaLastStep: step })
      .where(and(eq(staffUser.id, user.id), or(isNull(staffUser.mfaLastStep), lt(staffUser.mfaLastStep, step))))
      .returning({ id: staffUser.id });
    return claimed.length ? 'totp' : null;
  }
  if (factor.recovery_code) {
    const used = await db
      .update(recoveryCode)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCode.userId, user.id),
          eq(recoveryCode.codeHash, recoveryCodeHash(pepper, factor.recovery_code)),
          isNull(recoveryCode.usedAt),
        ),
      )
      .returning({ id: recoveryCode.id });
    return used.length ? 'recovery' : null;
  }
  return null;
}
