/**
 * System users texts (`resources.users.*`): the field and role labels come from the entity definition
 * (domain/user.ts); the actions, confirmations, form hints and messages are here. `resources.users.name` comes from
 * the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { MIN_PASSWORD_LENGTH, users } from '../../domain/user';
import type { MessageModule } from '../../i18n/core';

/** Field labels and `<field>_values` of the definition, in one language. */
const labels = (lang: Language) => entityMessages(users, lang);

export default {
  'zh-CN': {
    resources: {
      users: {
        ...labels('zh-CN'),
        fields: { ...labels('zh-CN').fields, password: '密码' },
        mfa_values: { bound: '已绑定', unbound: '未绑定' },
        actions: {
          disable: '停用',
          enable: '启用',
          invitation_code: '更新邀请码',
          close_mfa: '关闭身份验证器',
          delete: '删除',
        },
        confirm: {
          disable: '停用用户 %{username}（%{name}）？其登录会话将立即失效。',
          enable: '启用用户 %{username}（%{name}）？',
          invitation_code: '为 %{username} 生成新的邀请码？旧邀请码将失效。',
          close_mfa: '关闭 %{username} 的身份验证器？其下次登录不再需要验证码。',
          delete: '删除用户 %{username}（%{name}）？此操作无法撤销。',
        },
        hints: {
          username: '3 至 32 位字母、数字或 _ . @ -',
          password_new: '至少 6 位',
          password_edit: '留空则不修改密码',
          leader_id: '业务员必须属于一个组长的团队',
        },
        messages: {
          created: '用户已创建',
          updated: '用户已更新',
          awaiting_review: '已提交，待另一位管理员复核：任命管理员或主管须复核通过后才生效',
          code_updated: '邀请码已更新',
          new_code: '新的邀请码',
          not_found: '用户不存在或不在您的数据范围内',
          roles_failed: '无法获取可分配的角色',
          username_invalid: '用户名只能包含 3 至 32 位字母、数字或 _ . @ -',
          password_short: `密码至少 ${MIN_PASSWORD_LENGTH} 位（不计首尾空格）`,
          not_managed: '您只能管理角色低于自己的员工（管理员由管理员管理），不能编辑此用户',
        },
        back: '返回列表',
        create: '新增用户',
        edit: '编辑用户 %{username}',
      },
    },
  },
  'en-US': {
    resources: {
      users: {
        ...labels('en-US'),
        fields: { ...labels('en-US').fields, password: 'Password' },
        mfa_values: { bound: 'Bound', unbound: 'Not bound' },
        actions: {
          disable: 'Disable',
          enable: 'Enable',
          invitation_code: 'New invitation code',
          close_mfa: 'Close authenticator',
          delete: 'Delete',
        },
        confirm: {
          disable: 'Disable %{username} (%{name})? Their sessions end at once.',
          enable: 'Enable %{username} (%{name})?',
          invitation_code: 'Make a new invitation code for %{username}? The old one stops working.',
          close_mfa: "Close %{username}'s authenticator? Their next sign-in needs no code.",
          delete: 'Delete %{username} (%{name})? This cannot be undone.',
        },
        hints: {
          username: '3 to 32 letters, digits or _ . @ -',
          password_new: 'At least 6 characters',
          password_edit: 'Leave empty to keep the password',
          leader_id: "A salesman belongs to a team leader's team",
        },
        messages: {
          created: 'User created',
          updated: 'User updated',
          awaiting_review:
            'Submitted: awaiting review by another administrator; an administrator or supervisor is appointed only once approved',
          code_updated: 'Invitation code updated',
          new_code: 'New invitation code',
          not_found: 'The user does not exist or is outside your data scope',
          roles_failed: 'Unable to load the roles you may give',
          username_invalid: 'A username has 3 to 32 letters, digits or _ . @ -',
          password_short: `The password has at least ${MIN_PASSWORD_LENGTH} characters (leading and trailing spaces not counted)`,
          not_managed:
            'You manage only staff whose role is below your own (administrators are managed by administrators); this user cannot be edited here',
        },
        back: 'Back to the list',
        create: 'New user',
        edit: 'Edit user %{username}',
      },
    },
  },
} satisfies MessageModule;
