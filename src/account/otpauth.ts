/** The shared secret of an `otpauth://totp/...?secret=...` URI, or '' when there is none. */
export function parseOtpSecret(otpauthUri: string | null | undefined): string {
  if (!otpauthUri) return '';
  const query = otpauthUri.includes('?') ? otpauthUri.slice(otpauthUri.indexOf('?') + 1) : '';
  const secret = new URLSearchParams(query).get('secret');
  return (secret ?? '').replace(/\s+/g, '').toUpperCase();
}
