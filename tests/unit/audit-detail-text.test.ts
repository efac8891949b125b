// A record's history (the client drawer's 操作记录) reads the audit trail's details in the UI language: no request
// keys, no error codes, no English messages of the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider, loadResourceMessages } from '../../i18n';
import { auditDetailText } from '../../resources/audit_log/detailText';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

beforeAll(async () => {
  await loadResourceMessages();
  await i18nProvider.changeLocale('zh-CN');
});

describe('audit details in a history', () => {
  it('drop the Idempotency-Key and say a replay in words', () => {
    expect(auditDetailText('Idempotency-Key 0b7c8c63-2a36-4c8e-9a55-1c1d2f4b9e10', translate)).toBeNull();
    expect(auditDetailText('replayed (Idempotency-Key 0b7c8c63-2a36-4c8e-9a55-1c1d2f4b9e10)', translate)).toBe(
      '重复提交，已按首次结果回答',
    );
  });

  it("translate a failure's code and a refusal's code, never the API's English", () => {
    expect(auditDetailText('pair_disabled', translate)).toBe('该货币对未启用，不能兑换');
    const notFound = auditDetailText('404 not_found: GET /api/client/admin/v1/detail/:id: Client not found', translate);
    expect(notFound).toBe('记录不存在或不在您的数据范围内');
    expect(auditDetailText('GET /api/user/admin/v1/list requires users:read', translate)).toBe(
      '您没有执行此操作的权限',
    );
    expect(auditDetailText('wrong_password; locked', translate)).toBe('密码错误；已锁定');
    expect(auditDetailText('1200 rows', translate)).toBe('1200 行');
  });

  it('show nothing for what it cannot say in the UI language', () => {
    expect(auditDetailText('session 42 revoked', translate)).toBeNull();
    expect(auditDetailText('some_code_we_do_not_know', translate)).toBeNull();
    expect(auditDetailText(null, translate)).toBeNull();
  });
});
