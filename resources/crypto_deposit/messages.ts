/**
 * Crypto deposit record texts (`resources.crypto_deposit.*`): the field and value labels of its definition
 * (domain/records.ts, the CSV headers' texts).
 * `resources.crypto_deposit.name` comes from the registry title; the shared funds texts are in
 * resources/fundsMessages.ts.
 */
import type { MessageModule } from '../../i18n/core';
import { cryptoDeposit } from '../../domain/records';
import { entityMessages } from '../../domain/entity';

export default {
  'zh-CN': {
    resources: {
      crypto_deposit: {
        ...entityMessages(cryptoDeposit, 'zh-CN'),
      },
    },
  },
  'en-US': {
    resources: {
      crypto_deposit: {
        ...entityMessages(cryptoDeposit, 'en-US'),
      },
    },
  },
} satisfies MessageModule;
