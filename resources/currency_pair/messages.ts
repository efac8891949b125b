/**
 * Currency pair texts (`resources.currency_pair.*`): field and value labels come from the definition
 * (domain/currency-pair.ts, the same texts as the CSV headers). `resources.currency_pair.name` comes from the registry.
 */
import { currencyPair } from '../../domain/currency-pair';
import { entityMessages } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

export default {
  'zh-CN': {
    resources: {
      currency_pair: {
        ...entityMessages(currencyPair, 'zh-CN'),
        hints: {
          decimals: '汇率显示的小数位数，0 到 8',
          spread:
            '比例，0 到 0.1，最多 8 位小数（0.0015 即 0.15%）；两种货币间的兑换按汇率减去此点差与全局 fx.spread 执行',
        },
      },
    },
  },
  'en-US': {
    resources: {
      currency_pair: {
        ...entityMessages(currencyPair, 'en-US'),
        hints: {
          decimals: 'Decimals the rate is shown with, 0 to 8',
          spread:
            'A fraction from 0 to 0.1, at most 8 decimals (0.0015 is 0.15 %); exchanges between the two currencies run at the rate less this spread and the global fx.spread',
        },
      },
    },
  },
} satisfies MessageModule;
