import md5 from 'md5';

/** The password as it travels on the wire: the MD5 hex of what was typed (spec section 9). */
export function wirePassword(typed: string): string {
  return md5(typed);
}
