/**
 * Dashboard statistics texts (`resources.dashboard.*`): the tabs of spec section 2 (Summary, Product, Team Stat,
 * Team Product Stat and the other spec labels), the stat groups of section 3, the date range, loading and errors.
 * Product kind names come from domain/trade-config.ts (the same words as the trades pages).
 * `resources.dashboard.name` comes from the registry title.
 */
import { PRODUCT_LABELS, TRADE_PRODUCTS } from '../../domain/trade-config';
import type { Language } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

const kinds = (lang: Language) => Object.fromEntries(TRADE_PRODUCTS.map((k) => [k, PRODUCT_LABELS[k][lang]]));

export default {
  'zh-CN': {
    resources: {
      dashboard: {
        statistic: '统计',
        today: {
          title: '今日',
          deposits: '今日充值',
          withdrawals: '今日提现',
          clients: '今日新增客户',
          real: '其中真实客户 %{count}',
          approvals: '待我复核',
          exposure: '各产品未平仓（当前）',
        },
        daily: {
          title: '每日充值与提现',
          currency: '币种',
          empty: '此期间没有充值或提现',
          peak: '最高 %{amount}',
        },
        tabs: {
          summary: '概览',
          product: '产品',
          team: '团队统计',
          teamProduct: '团队产品统计',
        },
        labels: {
          teamStats: '团队统计',
          productStats: '产品统计',
          otcStats: '大宗交易统计',
          ipoStats: '新股统计',
          fundStats: '基金统计',
          quantStats: '量化统计',
          stockStat: '股票统计',
        },
        range: {
          from: '开始日期',
          to: '结束日期',
          thisMonth: '本月',
          lastMonth: '上月',
          today: '今天',
          invalid: '结束日期不能早于开始日期',
          zone: '按 %{zone} 时区的自然日统计',
        },
        groups: {
          clients: '客户',
          deposits: '充值',
          withdrawals: '提现',
          exposure: '订单敞口',
          chart: '充值与提现',
          openChart: '各产品未平仓金额',
        },
        clients: {
          total: '客户总数',
          real: '真实客户',
          robot: '机器人',
          new: '新增客户',
          new_real: '新增真实客户',
        },
        exposure: {
          balance: '账户余额',
          fo_amount: '股票统计',
          otc_amount: '大宗交易统计',
          quant_amount: '量化统计',
          ipo_amount: '新股统计',
          funds_amount: '基金统计',
          arrears_amount: '欠款金额',
          arrears_orders: '欠款订单',
        },
        product: {
          open: '未平仓',
          placed: '期间下单',
          arrears: '欠款',
          orders: '%{smart_count} 笔 |||| %{smart_count} 笔',
        },
        team: {
          leader: '组长',
          members: '成员',
          agent: '业务员',
          unassigned: '无团队',
          noAgent: '无业务员',
          totals: '团队合计',
          none: '没有团队',
        },
        kinds: kinds('zh-CN'),
        count: '%{smart_count} 笔 |||| %{smart_count} 笔',
        empty: '无',
        loading: '正在加载统计…',
        loadFailed: '无法获取统计数据',
        retry: '重试',
      },
    },
  },
  'en-US': {
    resources: {
      dashboard: {
        statistic: 'Statistic',
        today: {
          title: 'Today',
          deposits: "Today's deposits",
          withdrawals: "Today's withdrawals",
          clients: 'New clients today',
          real: '%{count} of them real',
          approvals: 'Waiting for me',
          exposure: 'Open orders by product (now)',
        },
        daily: {
          title: 'Deposits and withdrawals per day',
          currency: 'Currency',
          empty: 'No deposits or withdrawals in this range',
          peak: 'Peak %{amount}',
        },
        tabs: {
          summary: 'Summary',
          product: 'Product',
          team: 'Team Stat',
          teamProduct: 'Team Product Stat',
        },
        labels: {
          teamStats: 'Team Stats',
          productStats: 'Product Stats',
          otcStats: 'OTC Stats',
          ipoStats: 'IPO Stats',
          fundStats: 'Fund Stats',
          quantStats: 'Quant Stats',
          stockStat: 'Stock Stat',
        },
        range: {
          from: 'From',
          to: 'To',
          thisMonth: 'This month',
          lastMonth: 'Last month',
          today: 'Today',
          invalid: 'The end date cannot be before the start date',
          zone: 'Calendar days in %{zone}',
        },
        groups: {
          clients: 'Clients',
          deposits: 'Deposits',
          withdrawals: 'Withdrawals',
          exposure: 'Order exposure',
          chart: 'Deposits and withdrawals',
          openChart: 'Open orders by product',
        },
        clients: {
          total: 'All clients',
          real: 'Real',
          robot: 'Robot',
          new: 'New',
          new_real: 'New real',
        },
        exposure: {
          balance: 'Balance',
          fo_amount: 'Stock Stat',
          otc_amount: 'OTC Stats',
          quant_amount: 'Quant Stats',
          ipo_amount: 'IPO Stats',
          funds_amount: 'Fund Stats',
          arrears_amount: 'Arrears',
          arrears_orders: 'Arrears orders',
        },
        product: {
          open: 'Open',
          placed: 'Placed in range',
          arrears: 'Arrears',
          orders: '%{smart_count} order |||| %{smart_count} orders',
        },
        team: {
          leader: 'Leader',
          members: 'Members',
          agent: 'Agent',
          unassigned: 'No team',
          noAgent: 'No agent',
          totals: 'Team total',
          none: 'No teams',
        },
        kinds: kinds('en-US'),
        count: '%{smart_count} record |||| %{smart_count} records',
        empty: 'None',
        loading: 'Loading statistics…',
        loadFailed: 'Unable to load the statistics',
        retry: 'Retry',
      },
    },
  },
} satisfies MessageModule;
