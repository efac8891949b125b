import { wirePassword } from '../../authProvider/password';
import type { ConsoleDataProvider } from '../../dataProvider';
import { parseOtpSecret } from './otpauth';
import { extractRecoveryCodes } from './recoveryCodes';

/** POST /user/v1/mfa/bind/start, plus the secret parsed from the otpauth URI. */
export interface MfaSetup {
  otpauth_uri: string;
  qrcode_data_url: string;
  secret: string;
}

/** The payload of a `{ data }` envelope that holds nothing else, or the answer itself. */
const unwrap = <T>(res: unknown): T =>
  (res && typeof res === 'object' && 'data' in res && Object.keys(res).length === 1
    ? (res as { data: T }).data
    : res) as T;

/** The signed-in staff member's own account calls (password, authenticator), over the console's dataProvider. */
export function accountApi(dataProvider: ConsoleDataProvider) {
  const post = (path: string, body?: unknown) => dataProvider.call(path, { method: 'POST', body: body ?? {} });
  return {
    /** Both passwords as typed; sent as MD5 hex. */
    async changePassword(oldPassword: string, newPassword: string): Promise<void> {
      await post('/user/v1/change_pwd', {
        old_password: wirePassword(oldPassword),
        new_password: wirePassword(newPassword),
      });
    },
    async mfaBindStart(): Promise<MfaSetup> {
      const res = unwrap<Partial<MfaSetup>>(await post('/user/v1/mfa/bind/start'));
      return {
        otpauth_uri: res?.otpauth_uri ?? '',
        qrcode_data_url: res?.qrcode_data_url ?? '',
        secret: res?.secret || parseOtpSecret(res?.otpauth_uri),
      };
    },
    async mfaBindVerify(code: string): Promise<void> {
      await post('/user/v1/mfa/bind/verify', { code });
    },
    /** A new set of recovery codes (old ones invalidated); [] when the answer holds none. */
    async mfaRecoveryCodes(): Promise<string[]> {
      return extractRecoveryCodes(await post('/user/v1/mfa/recovery_codes'));
    },
    async mfaDisable(proof: { code: string } | { recovery_code: string }): Promise<void> {
      await post('/user/v1/mfa/disable', proof);
    },
  };
}

/** What accountApi gives. */
export type AccountApi = ReturnType<typeof accountApi>;
