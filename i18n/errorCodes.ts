/**
 * Translations of the API's error codes (`errors.codes.<code>`, every code of server/core/errors.ts ERROR_CODES,
 * plus the console's own `network`) and of the request fields a validation error names (`errors.fields.<field>`);
 * part of the `errors` namespace (i18n/messages/errors.ts). dataProvider/errorText.ts shows them; the server's
 * English message is only the fallback for an unknown code.
 */
import type { ErrorCode } from '../server/core/errors';

type Codes = Record<ErrorCode | 'network', string>;

const zhCodes: Codes = {
  validation: '输入有误，请检查：%{fields}',
  bad_request: '请求无效',
  tenant_required: '缺少租户信息，请刷新页面后重试',
  tenant_unknown: '未知的租户',
  unauthorized: '未授权，请重新登录',
  forbidden: '您没有执行此操作的权限',
  not_found: '记录不存在或不在您的数据范围内',
  method_not_allowed: '不支持该操作',
  payload_too_large: '文件过大',
  unsupported_media_type: '仅支持 PNG、JPEG、WebP 或 GIF 图片',
  rate_limited: '操作过于频繁，请稍后再试',
  internal: '服务器内部错误，请稍后重试',
  captcha_required: '请输入图形验证码',
  captcha_invalid: '图形验证码错误',
  invalid_credentials: '用户名或密码错误',
  account_locked: '账号因多次登录失败已被锁定，请稍后再试',
  mfa_invalid: '验证失败',
  mfa_already_enabled: '多因素认证已启用',
  mfa_not_enabled: '多因素认证未启用',
  wrong_password: '原密码不正确',
  username_taken: '该用户名已被使用',
  client_not_found: '未找到该用户或其账户。',
  already_uploaded: '该上传地址已使用过，请重新上传',
  url_expired: '链接已过期，请刷新后重试',
  signature_invalid: '链接签名无效',
  invalid_state: '该记录已处理（已通过、已拒绝、已回滚或已还清），未做任何更改',
  insufficient_funds: '余额不足',
  amount_exceeds_owed: '金额超过尚欠金额',
  duplicate_tx_hash: '该交易哈希已在此链上登记',
  rate_changed: '汇率已变化，请确认新汇率后重试',
  rate_unavailable: '无法获取汇率',
  idempotency_mismatch: '该请求标识已用于另一个请求',
  idempotency_in_flight: '相同的请求正在处理中，请稍后再试',
  network: '网络错误，请检查网络连接后重试。',
};

const enCodes: Codes = {
  validation: 'Please check: %{fields}',
  bad_request: 'The request is invalid',
  tenant_required: 'The tenant is missing; reload the page and try again',
  tenant_unknown: 'Unknown tenant',
  unauthorized: 'Unauthorized, please sign in again',
  forbidden: 'You are not allowed to do this',
  not_found: 'The record does not exist or is outside your data scope',
  method_not_allowed: 'This operation is not supported',
  payload_too_large: 'The file is too large',
  unsupported_media_type: 'Only PNG, JPEG, WebP and GIF images are accepted',
  rate_limited: 'Too many attempts, please try again later',
  internal: 'Server error, please try again later',
  captcha_required: 'Please enter the captcha',
  captcha_invalid: 'Captcha does not match',
  invalid_credentials: 'Invalid username or password',
  account_locked: 'The account is locked after repeated failures; try again later',
  mfa_invalid: 'Verification failed',
  mfa_already_enabled: 'Multi-factor authentication is already on',
  mfa_not_enabled: 'Multi-factor authentication is not on',
  wrong_password: 'The old password is incorrect',
  username_taken: 'This username is already taken',
  client_not_found: 'No such client or the client has no account.',
  already_uploaded: 'This upload URL was already used; upload again',
  url_expired: 'The link has expired; reload and try again',
  signature_invalid: 'The link signature is invalid',
  invalid_state: 'The record has already been resolved (approved, rejected, rolled back or repaid); nothing changed',
  insufficient_funds: 'Insufficient balance',
  amount_exceeds_owed: 'The amount exceeds what is still owed',
  duplicate_tx_hash: 'This transaction hash is already recorded on this chain',
  rate_changed: 'The exchange rate has changed; check the new rate and try again',
  rate_unavailable: 'Unable to get the exchange rate',
  idempotency_mismatch: 'This request key was already used for a different request',
  idempotency_in_flight: 'The same request is still being processed; try again shortly',
  network: 'Network error. Please check your connection and try again.',
};

/** Names of request fields that validation errors point at (`errors.fields.<field>`); others show as sent. */
const zhFields = {
  amount: '金额',
  account_id: '账户',
  from_account: '转出账户',
  to_account: '转入账户',
  rate: '汇率',
  remark: '备注',
  currency: '币种',
  screenshot: '凭证图片',
  chain: '链',
  address: '地址',
  tx_hash: '交易哈希',
  username: '用户名',
  password: '密码',
  old_password: '原密码',
  new_password: '新密码',
  code: '验证码',
  recovery_code: '恢复码',
  captcha: '图形验证码',
  user_id: '业务员',
  daily_limit: '每日交易限额',
  max_leverage: '最大杠杆',
};

const enFields: Record<keyof typeof zhFields, string> = {
  amount: 'amount',
  account_id: 'account',
  from_account: 'source account',
  to_account: 'target account',
  rate: 'rate',
  remark: 'remark',
  currency: 'currency',
  screenshot: 'proof image',
  chain: 'chain',
  address: 'address',
  tx_hash: 'transaction hash',
  username: 'username',
  password: 'password',
  old_password: 'old password',
  new_password: 'new password',
  code: 'verification code',
  recovery_code: 'recovery code',
  captcha: 'captcha',
  user_id: 'salesman',
  daily_limit: 'daily limit',
  max_leverage: 'maximum leverage',
};

/** The codes that have a translation (the console's own `network` included). */
export const TRANSLATED_CODES: readonly string[] = Object.keys(enCodes);

/** The code and field messages by UI locale, merged into the `errors` namespace. */
export const errorCodeMessages = {
  'zh-CN': { codes: zhCodes, fields: zhFields, fieldSeparator: '、' },
  'en-US': { codes: enCodes, fields: enFields, fieldSeparator: ', ' },
};
