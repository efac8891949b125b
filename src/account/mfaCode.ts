/** The length of an authenticator code (spec section 9). */
export const MFA_CODE_LENGTH = 6;

/** Keeps only the digits of what was typed or pasted, at most `max` of them. */
export function onlyDigits(value: string, max = MFA_CODE_LENGTH): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

/**
 * The problem of an authenticator code as a translation key, or null when it is 6 digits:
 * empty -> 'Verification code is required.', anything else -> the ask-for-6-digits message (spec section 5).
 */
export function codeProblem(code: string): string | null {
  const c = code.trim();
  if (!c) return 'auth.mfa.code_required';
  if (!/^\d{6}$/.test(c)) return 'auth.mfa.code_length';
  return null;
}

/** The input attributes of a 6-digit numeric code field. */
export const CODE_INPUT_PROPS = {
  inputMode: 'numeric' as const,
  pattern: '[0-9]*',
  maxLength: MFA_CODE_LENGTH,
  autoComplete: 'one-time-code',
  style: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
};
