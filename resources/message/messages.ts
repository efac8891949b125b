/**
 * Message page texts (`resources.message.*`; the templates tab's are in templateMessages.ts): field labels and value
 * labels come from the domain definitions (domain/message.ts, the same texts as the CSV headers); tabs, sections,
 * actions, confirmations and hints are here. `resources.message.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { message, messageRecipient } from '../../domain/message';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages(message, lang);
const recipient = (lang: Language) => entityMessages(messageRecipient, lang);

export default {
  'zh-CN': {
    resources: {
      message: {
        ...labels('zh-CN'),
        fields: { ...labels('zh-CN').fields, username: '客户用户名', usernames: '客户用户名列表' },
        recipient: recipient('zh-CN').fields,
        read_values: recipient('zh-CN').read_values,
        tabs: { messages: '站内信', templates: '消息模板' },
        inputs: { team_leader_id: '团队组长', template_id: '模板' },
        sections: { audience: '发送对象', content: '内容', delivery: '发送' },
        related: { recipients: '收件人' },
        actions: { cancel: '取消发送' },
        confirm: { cancel: '取消定时发送「%{title}」？取消后不会再发送给任何客户。' },
        hints: {
          variables: '可用变量：{{client_name}} 客户姓名、{{username}} 用户名、{{agent_name}} 业务员',
          usernames: '多个用户名用逗号、空格或换行分隔，最多 500 个',
          team: '组长本人的客户及其业务员的客户（不含机器人）；组长只能发给自己的团队',
          template: '选择模板后，未填写的标题和正文取自模板',
          send_at: '留空立即发送；定时发送填写 2026-12-01 09:30（租户时区）',
        },
      },
    },
  },
  'en-US': {
    resources: {
      message: {
        ...labels('en-US'),
        fields: { ...labels('en-US').fields, username: 'Client username', usernames: 'Client usernames' },
        recipient: recipient('en-US').fields,
        read_values: recipient('en-US').read_values,
        tabs: { messages: 'Messages', templates: 'Templates' },
        inputs: { team_leader_id: 'Team leader', template_id: 'Template' },
        sections: { audience: 'Audience', content: 'Content', delivery: 'Delivery' },
        related: { recipients: 'Recipients' },
        actions: { cancel: 'Cancel sending' },
        confirm: { cancel: 'Cancel the scheduled message "%{title}"? It will not be sent to anyone.' },
        hints: {
          variables: "Variables: {{client_name}} client's name, {{username}} username, {{agent_name}} agent",
          usernames: 'Separate usernames with commas, spaces or new lines; at most 500',
          team: "The leader's own clients and his salesmen's (robots left out); a leader writes to his own team only",
          template: 'With a template, a title or body left empty is taken from it',
          send_at: "Empty: send now; to schedule, e.g. 2026-12-01 09:30 (the tenant's time zone)",
        },
      },
    },
  },
} satisfies MessageModule;
