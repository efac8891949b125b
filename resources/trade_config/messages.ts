/**
 * Trade configuration texts (`resources.trade_config.*`): the global configs and the products' settings. Field and value labels come from the definitions (domain/trade-config.ts, the
 * same texts as the CSV headers). `resources.trade_config.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { globalConfig, tradeProduct } from '../../domain/trade-config';
import type { MessageModule } from '../../i18n/core';

/** Both definitions' labels in one namespace (`id` is the global config's; the product column is `fields.product`). */
const labels = (lang: Language) => {
  const out = entityMessages([tradeProduct, globalConfig], lang);
  out.fields.product = tradeProduct.fields[0].label[lang];
  return out;
};

export default {
  'zh-CN': {
    resources: {
      trade_config: {
        ...labels('zh-CN'),
        sections: {
          products: '产品交易配置',
          productsHint: '交易时段按本租户时区；费率为小数（0.0015 即 0.15%）；关闭的产品任何客户都不能交易。',
          globals: '全局配置',
        },
        actions: { edit: '编辑', delete: '删除', editProduct: '编辑' },
        confirm: {
          edit: '修改配置 %{key}（类型不可更改）。',
          delete: '删除配置 %{key}？',
          editProduct: '修改产品的交易配置。',
        },
        inputs: {
          type: '类型',
          value: '值',
          description: '说明',
          enabled: '开启交易',
          sessions: '交易时段',
          buy_fee: '买入费率',
          sell_fee: '卖出费率',
          min_amount: '最小金额',
          max_amount: '最大金额',
          leverage: '杠杆倍数',
          price_band: '价格偏离上限',
          profit_rate_min: '最低收益率',
          profit_rate_max: '最高收益率',
        },
        hints: {
          key: '小写字母开头，可含小写字母、数字、下划线和点，例如 withdraw.daily_count',
          value: '按类型填写：数字如 12.5；布尔为 true 或 false；JSON 如 {"a":1}；精确小数最多 8 位小数',
          sessions:
            '格式 09:30-11:30,13:00-15:00，按先后排列，不跨午夜，00:00-24:00 为全天；股票、大宗、日内交易只在时段内下单、审核、卖出',
          fee: '0 到 1 之间的小数，最多 6 位，0.0015 即 0.15%',
          price_band: '卖出、平仓、结算和应急改单的价格与产品价格的最大偏离，0 到 1 之间，0.2 即 ±20%；超出则拒绝',
          profit_rate: '周期产品结算盈亏 ÷ 金额的范围：最低 -1 到 0，最高不小于 0，0.2 即 20%；超出则拒绝',
        },
      },
    },
  },
  'en-US': {
    resources: {
      trade_config: {
        ...labels('en-US'),
        sections: {
          products: 'Product trading',
          productsHint:
            "Trading hours are in the tenant's time zone; fees are rates (0.0015 is 0.15%); a closed product cannot be traded by any client.",
          globals: 'Global configs',
        },
        actions: { edit: 'Edit', delete: 'Delete', editProduct: 'Edit' },
        confirm: {
          edit: 'Change the config %{key} (its type cannot change).',
          delete: 'Delete the config %{key}?',
          editProduct: "Change the product's trade settings.",
        },
        inputs: {
          type: 'Type',
          value: 'Value',
          description: 'Description',
          enabled: 'Open for trading',
          sessions: 'Trading hours',
          buy_fee: 'Buy fee rate',
          sell_fee: 'Sell fee rate',
          min_amount: 'Minimum amount',
          max_amount: 'Maximum amount',
          leverage: 'Leverage',
          price_band: 'Price band',
          profit_rate_min: 'Min. return',
          profit_rate_max: 'Max. return',
        },
        hints: {
          key: 'Starts with a lower-case letter; lower-case letters, digits, _ and ., e.g. withdraw.daily_count',
          value:
            'As the type says: number like 12.5; boolean true or false; JSON like {"a":1}; decimal up to 8 decimals',
          sessions:
            'Like 09:30-11:30,13:00-15:00, in order, not across midnight; 00:00-24:00 is all day. Stock, block and daily orders are placed, approved and sold only within them',
          fee: 'A rate from 0 to below 1, up to 6 decimals; 0.0015 is 0.15%',
          price_band:
            "How far a sale, close, settlement or emergency modification price may be from the product's price: above 0 up to 1; 0.2 is ±20%. Beyond it is refused",
          profit_rate:
            "A period settlement's result ÷ amount: min. from -1 to 0, max. 0 or more; 0.2 is 20%. Beyond it is refused",
        },
      },
    },
  },
} satisfies MessageModule;
