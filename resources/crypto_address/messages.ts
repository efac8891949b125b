/**
 * Receiving-address texts (`resources.crypto_address.*`): field and value labels come from the definition
 * (domain/crypto-address.ts, the same texts as the CSV headers); actions, confirmations, hints, the deposits sub-list
 * are here. `resources.crypto_address.name` comes from the registry title.
 */
import { cryptoAddress } from '../../domain/crypto-address';
import { entityMessages, type Language } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages(cryptoAddress, lang);

export default {
  'zh-CN': {
    resources: {
      crypto_address: {
        ...labels('zh-CN'),
        fields: {
          ...labels('zh-CN').fields,
          username: '客户',
          amount: '金额',
          status: '状态',
          tx_hash: '交易哈希',
        },
        actions: { label: '修改标签', deactivate: '停用', activate: '启用', delete: '删除' },
        confirm: {
          label: '修改 %{chain} 地址 %{address} 的标签（留空则清除）。',
          deactivate: '停用 %{chain} 地址 %{address}？停用后充值时不再提供此地址，已有的充值记录不受影响。',
          activate: '启用 %{chain} 地址 %{address}？启用后充值时可选择此地址。',
          delete: '删除 %{chain} 地址 %{address}？只有没有充值记录使用的地址才能删除。',
        },
        hints: {
          address:
            '与所选链格式一致：TRC20 为 T 开头 34 位，ERC20/BEP20/ETH 为 0x 加 40 位十六进制，BTC 为 1、3 或 bc1 开头，SOL 为 32–44 位 Base58',
        },
        related: { deposits: '收到的充值' },
        deposit: {
          pick: '选择平台在此链上启用的收款地址',
          chainFirst: '请先选择链',
          none: '此链没有启用的收款地址，请先在「收款地址」页面添加或启用',
        },
      },
    },
  },
  'en-US': {
    resources: {
      crypto_address: {
        ...labels('en-US'),
        fields: {
          ...labels('en-US').fields,
          username: 'Client',
          amount: 'Amount',
          status: 'Status',
          tx_hash: 'Transaction hash',
        },
        actions: { label: 'Edit label', deactivate: 'Deactivate', activate: 'Activate', delete: 'Delete' },
        confirm: {
          label: 'Change the label of the %{chain} address %{address} (leave it empty to clear it).',
          deactivate:
            'Deactivate the %{chain} address %{address}? Deposits no longer offer it; the deposits already received keep it.',
          activate: 'Activate the %{chain} address %{address}? Deposits then offer it.',
          delete: 'Delete the %{chain} address %{address}? Only an address no deposit names can be deleted.',
        },
        hints: {
          address:
            "Of the chain's format: TRC20 T + 33, ERC20/BEP20/ETH 0x + 40 hex digits, BTC starting 1, 3 or bc1, SOL 32-44 base58",
        },
        related: { deposits: 'Deposits received' },
        deposit: {
          pick: "One of the platform's active receiving addresses on this chain",
          chainFirst: 'Choose the chain first',
          none: 'No active receiving address on this chain: add or activate one on the Crypto addresses page',
        },
      },
    },
  },
} satisfies MessageModule;
