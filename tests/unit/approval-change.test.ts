// How the approvals queue describes a control change (resources/approval/describeChange.ts): an appointment of an
// administrator or a supervisor (kind staff_role) names the staff member and the role, from and to, in both languages.
import { describe, expect, it } from 'vitest';
import { createI18nProvider, messagesOf } from '../../i18n/core';
import approvalMessages from '../../resources/approval/messages';
import usersMessages from '../../resources/users/messages';
import { describeChange } from '../../resources/approval/describeChange';

const messages = messagesOf([approvalMessages, usersMessages]);
const translateIn = (locale: 'zh-CN' | 'en-US') => {
  const provider = createI18nProvider({ messages, initialLocale: locale });
  return (key: string, options?: Record<string, unknown>) => String(provider.translate(key, options));
};

const raise = {
  kind: 'staff_role',
  change: JSON.stringify({
    op: 'update',
    target: 'lead_up',
    from: { name: 'Lead Up', role: 'superman' },
    to: { name: 'Lead Up', role: 'angel' },
  }),
};
const create = {
  kind: 'staff_role',
  change: JSON.stringify({ op: 'create', target: 'boss2', from: null, to: { name: 'Boss', role: 'god' } }),
};

describe('describeChange of a staff_role change', () => {
  it('says who is raised to which role, from what', () => {
    expect(describeChange(raise, translateIn('en-US'))).toBe('Staff member lead_up: Role Leader → Supervisor');
    expect(describeChange(raise, translateIn('zh-CN'))).toBe('员工 lead_up: 角色 组长 → 主管');
  });

  it('says who is created, with which name and role', () => {
    expect(describeChange(create, translateIn('en-US'))).toBe(
      'Staff member boss2: Name none → Boss; Role none → Admin',
    );
    expect(describeChange(create, translateIn('zh-CN'))).toBe('员工 boss2: 姓名 无 → Boss; 角色 无 → 管理员');
  });

  it('says whose money grants change, from what to what', () => {
    const grants = {
      kind: 'role_grants',
      change: JSON.stringify({
        op: 'replace',
        target: 'angel',
        from: { removed: [] },
        to: { removed: ['funds:read', 'message:read'] },
      }),
    };
    expect(describeChange(grants, translateIn('en-US'))).toBe(
      'Money grants of role Supervisor: Actions taken away none → funds:read, message:read',
    );
    expect(describeChange(grants, translateIn('zh-CN'))).toBe(
      '角色 主管 的资金权限: 已收回的权限 无 → funds:read, message:read',
    );
  });
});
