import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { recoveryCode, staffUser } from '../../db/schema';
import { signedIn, type Ctx } from '../../core/context';
import { HttpError, validationError } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../security/password';
import { newRecoveryCodes, recoveryCodeHash } from '../../security/recovery';
import { consumeSecondFactor, type SecondFactor } from '../../security/second-factor';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../security/totp';
import { accountLocked, clearFailures, lockState, recordFailure } from '../auth/lockout';
import { revokeUserSessions } from '../auth/session';
import { readSetting } from '../setting/service';
import { writeIn } from '../../core/write';

/** The audit fields of a change to the own account (secrets never go into the row). */
const audited = (action: string, userId: number) => ({ action, resource: 'users', targetId: userId });

const mfaInvalid = (message = 'Verification failed') => new HttpError(400, 'mfa_invalid', message);
const mfaNotEnabled = () => new HttpError(400, 'mfa_not_enabled', 'MFA is not enabled');

/** The own-account checks also count per account, from every address (lockout.ts). */
const OWN = { account: true } as const;

async function currentUser(c: Ctx) {
  const [user] = await c.db
    .select()
    .from(staffUser)
    .where(eq(staffUser.id, signedIn(c).id))
    .limit(1);
  return user;
}

/**
 * Changes the own password (wire MD5 hashes); every session of the user ends. 400 wrong_password; 400
 * password_unchanged when the new password is the current one (compared with the stored hash: a forced change must
 * change it). Wrong old passwords count toward the sign-in lockout of this address and toward the account's own lockout
 * from every address (423 account_locked once locked, even for the right one).
 */
export async function changePassword(c: Ctx, input: { old_password: string; new_password: string }): Promise<void> {
  const user = await currentUser(c);
  const key = { tenantId: c.tenantId, username: user.username, ip: c.ip };
  const refuse = async (detail: string) =>
    c.audit({ action: 'user.change_password', resource: 'users', targetId: user.id, result: 'failure', detail });
  if ((await lockState(c.db, c.config, key, OWN)).locked) {
    await refuse('account_locked');
    throw accountLocked();
  }
  if (!(await verifyPassword(user.passwordHash, input.old_password, c.config.passwordPepper))) {
    const locked = await recordFailure(c.db, c.config, key, OWN);
    await refuse(locked ? 'wrong_password; locked' : 'wrong_password');
    if (locked) throw accountLocked();
    throw new HttpError(400, 'wrong_password', 'Old password is incorrect', {
      old_password: 'Old password is incorrect',
    });
  }
  if (await sameAsCurrent(c, user.passwordHash, input.new_password)) {
    await refuse('password_unchanged');
    throw new HttpError(400, 'password_unchanged', 'The new password must differ from the current one', {
      new_password: 'The new password must differ from the current one',
    });
  }
  const passwordHash = await hashPassword(input.new_password, c.config.passwordPepper);
  await writeIn(c, {
    ...audited('user.change_password', user.id),
    run: async (tx) => {
      await tx
        .update(staffUser)
        .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false })
        .where(eq(staffUser.id, user.id));
      await revokeUserSessions(tx, user.id, 'password_changed');
    },
  });
  await clearFailures(c.db, key, OWN);
}

/** Whether a new wire password (MD5 hex, either case) is the stored one. */
async function sameAsCurrent(c: Ctx, storedHash: string, wire: string): Promise<boolean> {
  for (const form of new Set([wire, wire.toLowerCase()])) {
    if (await verifyPassword(storedHash, form, c.config.passwordPepper)) return true;
  }
  return false;
}

/** Starts binding an authenticator: a new pending secret, its otpauth URI and QR code. */
export async function startMfaBind(c: Ctx): Promise<{ otpauth_uri: string; qrcode_data_url: string }> {
  const user = await currentUser(c);
  if (user.mfaEnabled) throw new HttpError(400, 'mfa_already_enabled', 'MFA is already enabled');
  const secret = newTotpSecret();
  await writeIn(c, {
    ...audited('user.mfa_bind_start', user.id),
    run: (tx) => tx.update(staffUser).set({ mfaPendingSecret: secret }).where(eq(staffUser.id, user.id)),
    after: () => undefined,
  });
  const { app_name } = await readSetting(c.db, c.tenantId, 'app');
  const uri = otpauthUri(secret, app_name, user.username);
  return { otpauth_uri: uri, qrcode_data_url: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Confirms the pending authenticator with a code: MFA is on; earlier recovery codes are dropped. */
export async function verifyMfaBind(c: Ctx, code: string): Promise<void> {
  const user = await currentUser(c);
  if (user.mfaEnabled) throw new HttpError(400, 'mfa_already_enabled', 'MFA is already enabled');
  if (!user.mfaPendingSecret) throw mfaInvalid('Start binding the authenticator first');
  const step = verifyTotp(user.mfaPendingSecret, code.trim());
  if (step === null) {
    await c.audit({ action: 'user.mfa_enable', resource: 'users', targetId: user.id, result: 'failure' });
    throw mfaInvalid();
  }
  await writeIn(c, {
    ...audited('user.mfa_enable', user.id),
    run: async (tx) => {
      await tx
        .update(staffUser)
        .set({ mfaEnabled: true, mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaLastStep: step })
        .where(eq(staffUser.id, user.id));
      await tx.delete(recoveryCode).where(eq(recoveryCode.userId, user.id));
    },
  });
}

/** A new set of 10 recovery codes (shown once, stored hashed); the previous set stops working. */
export async function regenerateRecoveryCodes(c: Ctx): Promise<{ recovery_codes: string[] }> {
  const user = await currentUser(c);
  if (!user.mfaEnabled) throw mfaNotEnabled();
  const codes = newRecoveryCodes();
  await writeIn(c, {
    ...audited('user.mfa_recovery_codes', user.id),
    run: async (tx) => {
      await tx.delete(recoveryCode).where(eq(recoveryCode.userId, user.id));
      await tx
        .insert(recoveryCode)
        .values(codes.map((code) => ({ userId: user.id, codeHash: recoveryCodeHash(c.config.passwordPepper, code) })));
    },
  });
  return { recovery_codes: codes };
}

/**
 * Turns MFA off after a valid authenticator or recovery code; secrets and recovery codes are dropped. Wrong codes count
 * toward the sign-in lockout of this address and the account's own lockout (423 account_locked once locked).
 */
export async function disableMfa(c: Ctx, factor: SecondFactor): Promise<void> {
  if (!factor.code && !factor.recovery_code) throw validationError({ code: 'Verification code is required.' });
  const user = await currentUser(c);
  if (!user.mfaEnabled) throw mfaNotEnabled();
  const key = { tenantId: c.tenantId, username: user.username, ip: c.ip };
  const refuse = (detail: string) =>
    c.audit({ action: 'user.mfa_disable', resource: 'users', targetId: user.id, result: 'failure', detail });
  if ((await lockState(c.db, c.config, key, OWN)).locked) {
    await refuse('account_locked');
    throw accountLocked();
  }
  if (!(await consumeSecondFactor(c.db, c.config.passwordPepper, user, factor))) {
    const locked = await recordFailure(c.db, c.config, key, OWN);
    await refuse(locked ? 'mfa_invalid; locked' : 'mfa_invalid');
    if (locked) throw accountLocked();
    throw mfaInvalid();
  }
  await writeIn(c, {
    ...audited('user.mfa_disable', user.id),
    run: async (tx) => {
      await tx
        .update(staffUser)
        .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null })
        .where(eq(staffUser.id, user.id));
      await tx.delete(recoveryCode).where(eq(recoveryCode.userId, user.id));
    },
  });
}
