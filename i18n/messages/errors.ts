import { errorCodeMessages } from '../errorCodes';

/**
 * English texts of the errors the providers raise; also the en-US messages of the `errors` namespace, which holds the
 * API error codes' translations too (`errors.codes.<code>`, i18n/errorCodes.ts).
 */
const en = {
  loginFailed: 'Login failed',
  verificationFailed: 'Verification failed',
  additionalVerification: 'Additional verification required',
  noPendingSession: 'No pending session. Please login again.',
  codeRequired: 'Verification code is required.',
  codeSixDigits: 'Please enter the 6-digit verification code.',
  missingAccessToken: 'missing access token',
  malformedRefreshToken: 'malformed refresh token',
  noRefreshToken: 'No refresh token',
  noPermissionsJson: 'No permissions json found for role',
  unauthorized: 'Unauthorized',
  forbidden: 'You are not allowed to do this',
  sessionExpired: 'Your session has expired. Please login again.',
  network: 'Network error. Please check your connection and try again.',
  requestFailed: 'Request failed',
  saveFailed: 'Save failed',
  updateFailed: 'Update failed, please try again later',
  documentsUnavailable: 'Unable to get the documents',
  localeUnavailable: 'Unable to load the current locale',
  noUserInfo: 'Unable to get the user information',
  noUserId: 'Unable to get the user ID',
  missingUserId: 'Missing user ID',
  /** An error's text with the id of the request that failed (the API's request_id), for staff to quote. */
  withRequestId: '%{text} (request %{id})',
};

export type ErrorKey = keyof typeof en;

const zh: Record<ErrorKey, string> = {
  loginFailed: '登录失败',
  verificationFailed: '验证失败',
  additionalVerification: '需要进行额外验证',
  noPendingSession: '没有待验证的登录，请重新登录。',
  codeRequired: '请输入验证码。',
  codeSixDigits: '请输入 6 位数字验证码。',
  missingAccessToken: '缺少访问令牌',
  malformedRefreshToken: '刷新令牌格式错误',
  noRefreshToken: '没有刷新令牌',
  noPermissionsJson: '未找到该角色的权限配置',
  unauthorized: '未授权，请重新登录',
  forbidden: '您没有执行此操作的权限',
  sessionExpired: '登录已过期，请重新登录。',
  network: '网络错误，请检查网络连接后重试。',
  requestFailed: '请求失败',
  saveFailed: '保存失败',
  updateFailed: '更新失败，请稍后重试',
  documentsUnavailable: '无法获取文档',
  localeUnavailable: '无法加载当前语言设置',
  noUserInfo: '无法获取用户信息',
  noUserId: '无法获取用户 ID',
  missingUserId: '缺少用户 ID',
  withRequestId: '%{text}（请求编号 %{id}）',
};

/** The English error texts by key; providers throw `new Error(ERRORS.<key>)` so messages match the spec. */
export const ERRORS: Readonly<Record<ErrorKey, string>> = en;

/** The i18n key (`errors.<key>`) of one of our error texts, or undefined for any other text (e.g. a server message). */
export function errorKey(text: string): string | undefined {
  const key = (Object.keys(en) as ErrorKey[]).find((k) => en[k] === text);
  return key ? `errors.${key}` : undefined;
}

/** The text to show for an error or message: ours translated, anything else (a server message) as it is. */
export function translateError(
  translate: (key: string, options?: Record<string, unknown>) => string,
  error: unknown,
  fallback: ErrorKey = 'requestFailed',
): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!text) return translate(`errors.${fallback}`);
  const key = errorKey(text);
  return key ? translate(key, { _: text }) : text;
}

export default {
  'zh-CN': { errors: { ...zh, ...errorCodeMessages['zh-CN'] } },
  'en-US': { errors: { ...en, ...errorCodeMessages['en-US'] } },
};
