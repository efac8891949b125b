/**
 * Trading permission texts (`resources.trading_permission.*`): field and value labels come from the definition
 * (domain/trading-permission.ts, the same texts as the CSV headers); actions, inputs, the effective answer (also shown
 * in the client drawer's trade-settings tab) are here. `resources.trading_permission.name` comes from the registry.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { tradingPermission } from '../../domain/trading-permission';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages(tradingPermission, lang);

export default {
  'zh-CN': {
    resources: {
      trading_permission: {
        ...labels('zh-CN'),
        confirm: { delete: '删除此规则？删除后由下一级规则决定（客户 > 团队 > VIP 等级 > 默认）。' },
        inputs: { subject_id: '适用对象' },
        hints: {
          scope: '越具体的规则优先：客户 > 团队 > VIP 等级 > 默认；没有规则时允许交易',
          subject_id: '单个客户：按用户名选择客户；团队：选择组长；VIP 等级：0–99',
        },
        lookup: { title: '查询客户的有效交易权限', client: '客户（用户名）', go: '查询' },
        client: {
          title: '产品交易权限',
          own: '该客户的设置',
          rules: '规则结果',
          source: '决定规则',
          tradable: '可否交易',
          inherit: '跟随上级',
          allow: '允许',
          deny: '禁止',
          yes: '可交易',
          no: '不可交易',
          closed: '产品已关闭',
          from: {
            client: '客户规则',
            team: '团队规则',
            vip: 'VIP 等级规则',
            default: '默认规则',
            none: '无规则（允许）',
          },
          precedence: '越具体的规则优先：客户 > 团队 > VIP 等级 > 默认；产品在交易配置中关闭时，任何客户都不能交易。',
          save: '保存交易权限',
          saved: '交易权限已保存',
          saveFailed: '交易权限保存失败',
        },
      },
    },
  },
  'en-US': {
    resources: {
      trading_permission: {
        ...labels('en-US'),
        confirm: { delete: 'Delete this rule? The next level then decides (client > team > VIP level > default).' },
        inputs: { subject_id: 'Subject' },
        hints: {
          scope: 'The most specific rule wins: client > team > VIP level > default; with no rule, trading is allowed',
          subject_id: 'One client: pick the client by username; team: its leader; VIP level: 0-99',
        },
        lookup: { title: "A client's effective trading permissions", client: 'Client (username)', go: 'Look up' },
        client: {
          title: 'Product trading permissions',
          own: "This client's setting",
          rules: 'Rules say',
          source: 'Decided by',
          tradable: 'Tradable',
          inherit: 'Inherit',
          allow: 'Allow',
          deny: 'Deny',
          yes: 'Tradable',
          no: 'Not tradable',
          closed: 'Product closed',
          from: {
            client: 'Client rule',
            team: 'Team rule',
            vip: 'VIP level rule',
            default: 'Default rule',
            none: 'No rule (allowed)',
          },
          precedence:
            'The most specific rule wins: client > team > VIP level > default; a product closed in the trade configuration cannot be traded by any client.',
          save: 'Save trading permissions',
          saved: 'Trading permissions saved',
          saveFailed: 'Could not save the trading permissions',
        },
      },
    },
  },
} satisfies MessageModule;
