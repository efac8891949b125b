/**
 * Crypto deposit record texts (`resources.crypto_deposit.*`): field labels.
 * `resources.crypto_deposit.name` comes from the registry title; the shared funds texts are in resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { recordFieldsEn, recordFieldsZh } from '../fundsMessages';

export default {
  'zh-CN': {
    resources: {
      crypto_deposit: {
        fields: { ...recordFieldsZh, chain: '链', address: '收款地址', tx_hash: '交易哈希' },
      },
    },
  },
  'en-US': {
    resources: {
      crypto_deposit: {
        fields: { ...recordFieldsEn, chain: 'Chain', address: 'Receiving address', tx_hash: 'Transaction hash' },
      },
    },
  },
} satisfies MessageModule;
