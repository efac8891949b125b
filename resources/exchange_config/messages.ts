/**
 * Exchanges-and-rates texts (`resources.exchange_config.*`): field and value labels come from the definitions
 * (domain/exchange-config.ts: exchanges and rates in one namespace, the same texts as the CSV headers).
 * `resources.exchange_config.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { currencyRateEntity, marketExchange } from '../../domain/exchange-config';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages([marketExchange, currencyRateEntity], lang);

export default {
  'zh-CN': {
    resources: {
      exchange_config: {
        ...labels('zh-CN'),
        dialog: { rateSource: '汇率 %{rate}（来源 %{source}，更新于 %{time}）' },
        source_values: { initial: '初始汇率' },
        sections: { rates: '当前汇率', history: '汇率变更记录（最近 20 条）', exchanges: '交易所' },
        actions: { changeRate: '修改汇率', newRate: '新增汇率' },
        confirm: {
          changeRate:
            '修改 %{primary}/%{secondary} 的汇率：新汇率与反向汇率一并立即生效（反向留空则取 1 ÷ 汇率，向下取整），原汇率保留在变更记录中。',
          newRate: '新增一个货币方向的汇率，与反向汇率一并立即生效。',
        },
        inputs: {
          primary: '基准货币',
          secondary: '目标货币',
          rate: '汇率',
          reverse_rate: '反向汇率',
          source: '来源',
        },
        hints: {
          time_zone: 'IANA 时区，例如 Asia/Shanghai、America/New_York',
          sessions: '格式 09:30-11:30,13:00-15:00（交易所时区），按先后排列，不跨午夜',
          holidays: '日期 YYYY-MM-DD，用逗号分隔，例如 2026-01-01,2026-10-01',
          rate: '1 基准货币 = 汇率 目标货币，最多 8 位小数，例如 7.12345678',
          reverse_rate:
            '1 目标货币 = 反向汇率 基准货币；留空则取 1 ÷ 汇率（向下取整到 8 位）；汇率 × 反向汇率不能大于 1',
        },
      },
    },
  },
  'en-US': {
    resources: {
      exchange_config: {
        ...labels('en-US'),
        dialog: { rateSource: 'Rate %{rate} (source %{source}, updated %{time})' },
        source_values: { initial: 'Initial rate' },
        sections: { rates: 'Current rates', history: 'Rate changes (latest 20)', exchanges: 'Exchanges' },
        actions: { changeRate: 'Change rate', newRate: 'New rate' },
        confirm: {
          changeRate:
            'Change the rate %{primary}/%{secondary}: the new rate and its reverse apply at once (an empty reverse is 1 ÷ rate, rounded down); the old ones stay in the history.',
          newRate: 'Add the rate of a currency direction; it applies at once with its reverse.',
        },
        inputs: {
          primary: 'Primary',
          secondary: 'Secondary',
          rate: 'Rate',
          reverse_rate: 'Reverse rate',
          source: 'Source',
        },
        hints: {
          time_zone: 'An IANA time zone, e.g. Asia/Shanghai, America/New_York',
          sessions: "Like 09:30-11:30,13:00-15:00 (the exchange's time zone), in order, not across midnight",
          holidays: 'Days as YYYY-MM-DD, separated by commas, e.g. 2026-01-01,2026-10-01',
          rate: '1 primary = rate secondary, at most 8 decimals, e.g. 7.12345678',
          reverse_rate:
            '1 secondary = reverse rate primary; empty: 1 ÷ rate (rounded down to 8 decimals); rate × reverse may not exceed 1',
        },
      },
    },
  },
} satisfies MessageModule;
