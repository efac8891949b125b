/**
 * Client texts: the list page's fields and value labels come from the domain definition (domain/client.ts, the same
 * texts as the CSV headers); row actions, confirmations, inputs and messages (`resources.client.*`) are here, and
 * the client drawer and money dialog texts (namespace `client`, resources/client/drawerMessages.ts).
 * `resources.client.name` comes from the registry title.
 */
import { client } from '../../domain/client';
import { entityMessages, type Language } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';
import drawer from './drawerMessages';

/** `fields` and `<field>_values` of the definition in one language. */
const labels = (lang: Language) => entityMessages(client, lang);

export default {
  'zh-CN': {
    ...drawer['zh-CN'],
    resources: {
      client: {
        ...labels('zh-CN'),
        actions: {
          create_robot: '创建机器人',
          disable: '禁用',
          enable: '启用',
          change_agent: '更换业务员',
          toggle_fake: '切换真实/机器人',
          temp_code: '临时验证码',
          reset_password: '重置密码',
          offline: '强制下线',
        },
        confirm: {
          disable: '确定禁用客户 %{username}？',
          enable: '确定启用客户 %{username}？',
          toggle_fake: '确定切换客户 %{username} 的真实/机器人类型？',
          offline: '确定强制客户 %{username} 下线？',
        },
        inputs: { username: '用户名', password: '密码', full_name: '姓名', user_id: '新业务员' },
        messages: { code_generated: '验证码已生成', password_updated: '密码已更新' },
      },
    },
  },
  'en-US': {
    ...drawer['en-US'],
    resources: {
      client: {
        ...labels('en-US'),
        actions: {
          create_robot: 'Create robot',
          disable: 'Disable',
          enable: 'Enable',
          change_agent: 'Change agent',
          toggle_fake: 'Real/robot',
          temp_code: 'Temporary code',
          reset_password: 'Reset password',
          offline: 'Force offline',
        },
        confirm: {
          disable: 'Disable client %{username}?',
          enable: 'Enable client %{username}?',
          toggle_fake: 'Switch client %{username} between real and robot?',
          offline: 'Force client %{username} offline?',
        },
        inputs: { username: 'Username', password: 'Password', full_name: 'Full name', user_id: 'New agent' },
        messages: { code_generated: 'Code generated', password_updated: 'Password updated' },
      },
    },
  },
} satisfies MessageModule;
