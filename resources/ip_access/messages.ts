/**
 * IP allow-list texts (`resources.ip_access.*`): field labels come from the entity definition (domain/ip-access.ts,
 * the same texts as the CSV headers); actions, confirmations, hints and the switch panel are here.
 * `resources.ip_access.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { ipAccess } from '../../domain/ip-access';
import type { MessageModule } from '../../i18n/core';

const fields = (lang: Language) => entityMessages(ipAccess, lang).fields;

export default {
  'zh-CN': {
    resources: {
      ip_access: {
        fields: fields('zh-CN'),
        actions: { note: '修改备注', delete: '删除' },
        confirm: {
          note: '修改 %{cidr} 的备注（留空则清除备注）。',
          delete: '申请从白名单中删除 %{cidr}？另一位管理员复核通过后生效；名单开启时，此地址段届时将无法再访问后台。',
        },
        inputs: { note: '备注' },
        hints: {
          cidr: 'IPv4 或 IPv6 地址或网段，例如 10.0.0.0/8、203.0.113.7/32、2001:db8::/32；单个地址即 /32 或 /128',
        },
        status: {
          switch: '启用 IP 白名单',
          on: '已开启',
          off: '已关闭',
          yourIp: '您当前的 IP：',
          covered: '在白名单中',
          notCovered: '不在白名单中',
          hintOn: '仅白名单中的地址可以登录和访问后台，其他地址的请求会被拒绝并记入审计日志。',
          hintOff: '白名单未开启，任何地址都可以登录和访问后台。',
          hintAddFirst: '白名单未开启。开启前请先添加覆盖您当前地址（%{ip}）的条目，否则无法开启。',
          confirmOnTitle: '开启 IP 白名单',
          confirmOn:
            '开启后，只有白名单中的地址可以登录和访问本租户的后台。您当前的地址为 %{ip}。此申请须另一位管理员复核通过后生效。确定申请开启？',
          confirmOffTitle: '关闭 IP 白名单',
          confirmOff: '关闭后，任何地址都可以登录和访问后台。此申请须另一位管理员复核通过后生效。确定申请关闭？',
          turnedOn: 'IP 白名单已开启',
          turnedOff: 'IP 白名单已关闭',
          loadFailed: '无法读取 IP 白名单状态',
          addFirst: '添加条目',
          pending: '待另一位管理员复核的白名单变更：%{count} 项（在“待复核”中），复核通过后才生效',
        },
      },
    },
  },
  'en-US': {
    resources: {
      ip_access: {
        fields: fields('en-US'),
        actions: { note: 'Edit note', delete: 'Delete' },
        confirm: {
          note: 'Change the note of %{cidr} (leave it empty to clear it).',
          delete:
            'Ask to delete %{cidr} from the allow-list? It applies once another administrator approves it; while the list is on, these addresses can then no longer reach the console.',
        },
        inputs: { note: 'Note' },
        hints: {
          cidr: 'An IPv4 or IPv6 address or range, e.g. 10.0.0.0/8, 203.0.113.7/32, 2001:db8::/32; a single address is its /32 or /128',
        },
        status: {
          switch: 'IP allow-list on',
          on: 'On',
          off: 'Off',
          yourIp: 'Your IP address:',
          covered: 'on the list',
          notCovered: 'not on the list',
          hintOn:
            'Only addresses on the list can sign in and use the console; requests from others are refused and audited.',
          hintOff: 'The allow-list is off: any address can sign in and use the console.',
          hintAddFirst:
            'The allow-list is off. Before turning it on, add an entry that covers your address (%{ip}); otherwise it cannot be turned on.',
          confirmOnTitle: 'Turn the IP allow-list on',
          confirmOn:
            'Once on, only addresses on the list can sign in and use this tenant\u2019s console. Your address is %{ip}. Another administrator must approve it first. Ask to turn it on?',
          confirmOffTitle: 'Turn the IP allow-list off',
          confirmOff:
            'Once off, any address can sign in and use the console. Another administrator must approve it first. Ask to turn it off?',
          turnedOn: 'The IP allow-list is on',
          turnedOff: 'The IP allow-list is off',
          loadFailed: 'Could not read the allow-list status',
          addFirst: 'Add an entry',
          pending:
            'Changes of the list awaiting review by another administrator (approvals queue): %{count}; each applies once approved',
        },
      },
    },
  },
} satisfies MessageModule;
