/**
 * Customer-service page texts (`resources.service.*`): list labels from the definition (domain/service.ts), channel
 * kinds and weekdays from its label tables, the editor's texts here. `resources.service.name` comes from the
 * registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { CHANNEL_LABELS, service, WEEKDAY_LABELS } from '../../domain/service';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages(service, lang);
const table = <K extends string>(t: Record<K, { 'zh-CN': string; 'en-US': string }>, lang: Language) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, (v as { 'zh-CN': string; 'en-US': string })[lang]]));

export default {
  'zh-CN': {
    resources: {
      service: {
        ...labels('zh-CN'),
        kinds: table(CHANNEL_LABELS, 'zh-CN'),
        days: table(WEEKDAY_LABELS, 'zh-CN'),
        editor: {
          scope: '配置对象',
          default: '默认（全部客户）',
          team: '%{name} 的团队',
          timeZone: '工作时间按租户时区 %{zone} 计算',
          channels: '客服渠道',
          kind: '类型',
          value: '地址或账号',
          label: '显示名称（可选）',
          addChannel: '添加渠道',
          removeChannel: '删除此渠道',
          noChannels: '尚未添加渠道',
          hours: '工作时间',
          open: '营业',
          from: '开始',
          to: '结束',
          closed: '休息',
          save: '保存',
          saved: '客服配置已保存',
          reset: '恢复为默认配置',
          resetTitle: '恢复为默认配置',
          resetConfirm: '删除 %{name} 团队的单独配置？该团队的客户将看到默认配置。',
          resetDone: '已恢复为默认配置',
          usesDefault: '该团队目前使用默认配置；保存后将为该团队单独配置。',
          ownConfig: '该团队有单独的配置，替代默认配置。',
          readOnly: '默认配置由主管或管理员维护，您可以为自己的团队单独配置。',
          loadFailed: '无法读取客服配置',
          fixErrors: '请先修正标红的项目',
          updated: '最近修改：%{who}，%{when}',
          hint: {
            chat: 'https:// 开头的在线客服链接',
            phone: '例如 +86 400-800-1234',
            email: '例如 support@example.com',
            whatsapp: '带国家区号的号码，例如 +852 9123 4567',
            telegram: '@用户名 或 https://t.me/用户名',
            line: 'LINE ID，例如 @broker',
            wechat: '微信号',
          },
        },
      },
    },
  },
  'en-US': {
    resources: {
      service: {
        ...labels('en-US'),
        kinds: table(CHANNEL_LABELS, 'en-US'),
        days: table(WEEKDAY_LABELS, 'en-US'),
        editor: {
          scope: 'Configuration of',
          default: 'Default (all clients)',
          team: "%{name}'s team",
          timeZone: "Working hours are read in the tenant's time zone %{zone}",
          channels: 'Channels',
          kind: 'Kind',
          value: 'Address or handle',
          label: 'Label (optional)',
          addChannel: 'Add a channel',
          removeChannel: 'Remove this channel',
          noChannels: 'No channel yet',
          hours: 'Working hours',
          open: 'Open',
          from: 'From',
          to: 'To',
          closed: 'Closed',
          save: 'Save',
          saved: 'Customer-service configuration saved',
          reset: 'Use the default',
          resetTitle: 'Use the default configuration',
          resetConfirm: "Delete the own configuration of %{name}'s team? Its clients will see the default.",
          resetDone: 'The team uses the default again',
          usesDefault: 'This team uses the default; saving gives it a configuration of its own.',
          ownConfig: 'This team has its own configuration, which replaces the default.',
          readOnly: 'Supervisors and administrators keep the default; you can give your own team its own.',
          loadFailed: 'Could not read the customer-service configuration',
          fixErrors: 'Correct the fields marked in red first',
          updated: 'Last changed by %{who}, %{when}',
          hint: {
            chat: 'An online chat link starting with https://',
            phone: 'e.g. +86 400-800-1234',
            email: 'e.g. support@example.com',
            whatsapp: 'A number with its country code, e.g. +852 9123 4567',
            telegram: '@username or https://t.me/username',
            line: 'A LINE ID, e.g. @broker',
            wechat: 'A WeChat ID',
          },
        },
      },
    },
  },
} satisfies MessageModule;
