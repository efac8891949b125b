/**
 * Trades and trade records texts. Field and value labels come from the definitions (domain/trading.ts, the same texts
 * as the CSV headers) for every page: `resources.trades/<entry>` (a kind's products), `resources.trades/<entry>/orders`
 * (its orders), `resources.trx/<entry>` (its records); what the pages share (tabs, actions, confirmations, inputs,
 * rules, totals) is `resources.trades.*`. Page names come from the registry titles.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { PLATFORM_CURRENCIES } from '../../domain/exchange-config';
import { tradeAllocation, tradeOrder, tradeProduct } from '../../domain/trading';
import type { MessageModule, MessageTree } from '../../i18n/core';
import { ordersName, TRADES_PAGES, TRX_PAGES } from './entries';

type Texts = Record<Language, MessageTree>;

const shared: Texts = {
  'zh-CN': {
    tabs: { products: '产品', orders: '订单' },
    actions: {
      enable: '启用',
      disable: '停用',
      lock: '停止申购',
      allocate: '配售',
      go_public: '上市',
      approve: '通过',
      reject: '拒绝',
      sell: '卖出',
      close: '平仓',
      settle: '结算',
      redeem: '赎回',
      pay: '缴款',
      overdue: '逾期',
      place: '代客下单',
      modify: '改单',
    },
    confirm: {
      enable: '启用产品 %{code} %{name}？启用后可以下单。',
      disable: '停用产品 %{code} %{name}？停用后不再接受新订单，已有订单不受影响。',
      lock: '停止 %{code} %{name} 的申购？之后可以进行配售。',
      allocate:
        '对 %{code} %{name} 进行配售（发行 %{offered} 股）？每笔申购按所选方式配售，未中签的冻结资金将退还。此操作只能进行一次。',
      go_public: '%{code} %{name} 上市？已缴款的中签订单转为持仓。',
      approve:
        '通过订单 #%{id}（客户 %{username}，%{product_name}，金额 %{amount} %{currency}）？冻结资金将扣除并开仓。',
      reject: '拒绝订单 #%{id}（客户 %{username}，%{product_name}）？冻结资金将退还。',
      sell: '以卖出价卖出订单 #%{id}（客户 %{username}，%{product_name}，%{quantity} 股）？卖出金额扣除手续费后入账。',
      close: '以平仓价平仓订单 #%{id}（客户 %{username}，%{product_name}）？结算在之后进行。',
      settle: '结算订单 #%{id}（客户 %{username}，%{product_name}）？本金和盈亏将入账。',
      redeem: '赎回订单 #%{id}（客户 %{username}，%{product_name}）？之后进行结算。',
      pay: '为订单 #%{id} 缴款（从客户 %{username} 的余额扣除欠款 %{owed} %{currency}）？',
      overdue: '将订单 #%{id}（客户 %{username}）的欠款 %{owed} %{currency} 标为逾期？',
      bulk_approve: '通过所选的 %{count} 个订单？冻结资金将扣除并开仓。',
      bulk_reject: '拒绝所选的 %{count} 个订单？冻结资金将退还。',
      bulk_settle: '结算所选的 %{count} 个订单？',
      place: '为客户下单：选择客户和产品，直接成交立即扣款，审核订单先冻结资金。',
      modify:
        '应急改单 #%{id}（客户 %{username}，%{product_name}，%{quantity} 股 × %{price}，金额 %{amount} %{currency}）：按更正后的价格和数量重算金额与手续费，只按差额冻结/退还或扣款/退款，持仓随之更新。此操作记入审计日志。',
    },
    inputs: {
      method: '配售方式',
      remark: '备注',
      sell_price: '价格',
      profit: '盈亏',
      client_id: '客户',
      product_id: '产品',
      trade_type: '交易方式',
      quantity: '数量（股）',
      price: '价格',
      amount: '金额',
      reason: '改单原因',
    },
    hints: {
      price: '最多 4 位小数',
      unitPrice: '每份价格，最多 4 位小数',
      profit: '本期收益，亏损为负数，最多 2 位小数',
      quantity: '整数，须为产品每手数量的整数倍',
      orderPrice: '留空则按产品当前价格',
      reason: '必填，例如：录入价格错误，按成交回报更正',
    },
    problems: {
      decimals2: '请输入最多 2 位小数的数字',
      decimals4: '请输入最多 4 位小数的数字',
      decimals6: '请输入最多 6 位小数的数字',
      positive: '须大于 0',
      whole: '请输入正整数',
      code: '1–20 位字母、数字、点、下划线或连字符，以字母或数字开头',
      lots: '发行数量须为每手数量的整数倍',
    },
    method: { ratio: '按比例', lottery: '抽签' },
    done: {
      allocate: '配售完成',
      place: '订单已提交',
      modify: '订单已更正',
      awaiting_review: '已提交，待复核：金额达到复核额度，须由其他员工在「复核队列」中通过后才会执行，资金暂不变动',
    },
    awaiting_review: '待复核',
    // the status filter's choice of every open status (the dashboard's exposure links)
    open_orders: '未平仓（全部）',
    market: {
      hours: '交易时段 %{sessions}（%{zone}）',
      sellHours: '卖出时段 %{sessions}（%{zone}）',
      open: '开市中',
      closed: '休市',
      title: '当地时间 %{time}；时段外不能下单、审核通过、卖出或平仓（交易配置）',
      sellTitle: '当地时间 %{time}；已上市新股只能在时段内卖出，申购不受时段限制（交易配置）',
    },
    totals: {
      title: '%{name}：符合筛选条件的全部记录合计',
      count: '笔数',
      amount: '金额',
      fee: '手续费',
      profit: '盈亏',
      owed: '欠款',
      released: '退还',
    },
    txn: {
      ledger_kind: '类型',
      amount: '金额',
      balance: '余额变动',
      frozen: '冻结变动',
      created_at: '时间',
      trade_freeze: '冻结',
      trade_release: '解冻',
    },
    ipo: {
      subscriptions: '申购笔数',
      pending: '待配售',
      requested_quantity: '申购数量',
      requested_amount: '申购金额',
      frozen: '冻结金额',
      allocated_quantity: '中签数量',
      allocated_amount: '中签金额',
      owed: '欠款',
      approved: '待上市笔数',
    },
  },
  'en-US': {
    tabs: { products: 'Products', orders: 'Orders' },
    actions: {
      enable: 'Enable',
      disable: 'Disable',
      lock: 'Close subscription',
      allocate: 'Allocate',
      go_public: 'Go public',
      approve: 'Approve',
      reject: 'Reject',
      sell: 'Sell',
      close: 'Close',
      settle: 'Settle',
      redeem: 'Redeem',
      pay: 'Pay',
      overdue: 'Overdue',
      place: 'Place order',
      modify: 'Modify',
    },
    confirm: {
      enable: 'Enable the product %{code} %{name}? It then takes orders.',
      disable: 'Disable the product %{code} %{name}? It takes no new orders; the orders placed keep going.',
      lock: 'Close the subscription of %{code} %{name}? It can then be allocated.',
      allocate:
        'Allocate %{code} %{name} (%{offered} shares offered)? Each subscription is allocated by the chosen method and what is not allocated is released. This runs once.',
      go_public: 'List %{code} %{name}? Paid allocations become holdings.',
      approve:
        'Approve order #%{id} (client %{username}, %{product_name}, %{amount} %{currency})? The frozen money is spent and the position opens.',
      reject: 'Reject order #%{id} (client %{username}, %{product_name})? The frozen money is released.',
      sell: 'Sell order #%{id} (client %{username}, %{product_name}, %{quantity} shares) at the price? The proceeds less the fee are credited.',
      close: 'Close order #%{id} (client %{username}, %{product_name}) at the price? It is settled later.',
      settle: 'Settle order #%{id} (client %{username}, %{product_name})? The principal and the result are credited.',
      redeem: 'Redeem order #%{id} (client %{username}, %{product_name})? It is settled later.',
      pay: "Pay order #%{id} (the %{owed} %{currency} owed, from client %{username}'s balance)?",
      overdue: 'Mark the %{owed} %{currency} owed on order #%{id} (client %{username}) overdue?',
      bulk_approve: 'Approve the %{count} selected orders? The frozen money is spent and the positions open.',
      bulk_reject: 'Reject the %{count} selected orders? The frozen money is released.',
      bulk_settle: 'Settle the %{count} selected orders?',
      place:
        'Place an order for a client: choose the client and the product. Direct executes at once; Review freezes the money until approved.',
      modify:
        'Emergency modification of order #%{id} (client %{username}, %{product_name}, %{quantity} shares × %{price}, %{amount} %{currency}): the amount and fee are recomputed from the corrected price and quantity; only the difference is frozen or released, debited or refunded, and the position follows. This is recorded in the audit log.',
    },
    inputs: {
      method: 'Method',
      remark: 'Remark',
      sell_price: 'Price',
      profit: 'Profit',
      client_id: 'Client',
      product_id: 'Product',
      trade_type: 'Trade type',
      quantity: 'Quantity (shares)',
      price: 'Price',
      amount: 'Amount',
      reason: 'Reason for the modification',
    },
    hints: {
      price: 'At most 4 decimals',
      unitPrice: 'Price of one unit, at most 4 decimals',
      profit: "The period's result, negative for a loss, at most 2 decimals",
      quantity: "A whole number, a multiple of the product's lot size",
      orderPrice: "Empty: the product's current price",
      reason: 'Required, e.g. booked at a wrong price, corrected to the fill',
    },
    problems: {
      decimals2: 'A number with at most 2 decimals',
      decimals4: 'A number with at most 4 decimals',
      decimals6: 'A number with at most 6 decimals',
      positive: 'Must be greater than 0',
      whole: 'A whole number greater than 0',
      code: '1-20 letters, digits, . _ or -, starting with a letter or digit',
      lots: 'The shares offered must be a multiple of the lot size',
    },
    method: { ratio: 'By ratio', lottery: 'Lottery' },
    done: {
      allocate: 'Allocated',
      place: 'Order placed',
      modify: 'Order corrected',
      awaiting_review:
        'Sent for review (awaiting review): the amount reaches the approval tier, so it runs only once another staff member approves it in the approval queue; no money has moved',
    },
    awaiting_review: 'Awaiting review',
    open_orders: 'Open orders (all)',
    market: {
      hours: 'Trading hours %{sessions} (%{zone})',
      sellHours: 'Selling hours %{sessions} (%{zone})',
      open: 'Open',
      closed: 'Closed',
      title:
        'Local time %{time}; outside these hours orders cannot be placed, approved, sold or closed (trade configuration)',
      sellTitle:
        'Local time %{time}; listed IPO shares are sold only within these hours, subscriptions at any time (trade configuration)',
    },
    totals: {
      title: '%{name}: the sums of every record the filters match',
      count: 'Orders',
      amount: 'Amount',
      fee: 'Fee',
      profit: 'Profit',
      owed: 'Owed',
      released: 'Released',
    },
    txn: {
      ledger_kind: 'Kind',
      amount: 'Amount',
      balance: 'Balance change',
      frozen: 'Frozen change',
      created_at: 'Time',
      trade_freeze: 'Freeze',
      trade_release: 'Release',
    },
    ipo: {
      subscriptions: 'Subscriptions',
      pending: 'To allocate',
      requested_quantity: 'Shares requested',
      requested_amount: 'Amount requested',
      frozen: 'Frozen',
      allocated_quantity: 'Shares allocated',
      allocated_amount: 'Amount allocated',
      owed: 'Owed',
      approved: 'To list',
    },
  },
};

/** Labels of the order sub-lists and filters the definitions do not name. */
const extra: Texts = {
  'zh-CN': {
    orders: '订单',
    product_id: '产品',
    agent_id: '业务员',
    leader_id: '团队',
    transactions: '资金流水',
  },
  'en-US': {
    orders: 'Orders',
    product_id: 'Product',
    agent_id: 'Agent',
    leader_id: 'Team',
    transactions: 'Ledger transactions',
  },
};

/** Each page's texts in one language, by resource name (`trades`: what the pages share). */
function texts(lang: Language): Record<string, MessageTree> {
  const x = extra[lang] as Record<string, string>;
  const product = entityMessages(tradeProduct, lang);
  const order = entityMessages(tradeOrder, lang);
  const orderTexts = {
    ...order,
    fields: {
      ...order.fields,
      product_id: x.product_id,
    },
    related: { transactions: x.transactions },
  };
  const allocation = entityMessages(tradeAllocation, lang);
  const out: Record<string, MessageTree> = {
    trades: { ...shared[lang], currency: Object.fromEntries(PLATFORM_CURRENCIES.map((c) => [c, c])) },
    [tradeAllocation.name]: {
      ...allocation,
      fields: { ...allocation.fields, product_id: x.product_id, agent_id: x.agent_id, leader_id: x.leader_id },
    },
  };
  for (const { entry, stage } of TRADES_PAGES) {
    out[`trades/${entry}`] = product;
    if (!stage) out[ordersName(`trades/${entry}`)] = { name: x.orders, ...orderTexts };
  }
  for (const { entry } of TRX_PAGES) out[`trx/${entry}`] = orderTexts;
  return out;
}

const zh = texts('zh-CN');
const en = texts('en-US');

/** One message module per page (`resources.<name>` only), and `trades` for what they share. */
export const tradingMessageModules: Record<string, MessageModule> = Object.fromEntries(
  Object.keys(zh).map((name) => [
    name,
    { 'zh-CN': { resources: { [name]: zh[name] } }, 'en-US': { resources: { [name]: en[name] } } },
  ]),
);

/** What the pages share (`resources.trades.*`); the pages' own are the other modules of tradingMessageModules. */
export default tradingMessageModules.trades;
