/**
 * The deal statuses of spec section 4 with their labels, in a module of their own: the console's shell (label sets and
 * messages, loaded eagerly) takes them without the rest of the trading model (domain/trading.ts re-exports them).
 */
import { l, type Labels } from './entity';

/** Deal statuses of spec section 4, in its order. */
export const DEAL_STATUSES = [
  'enable',
  'disabled',
  'order_locked',
  'available',
  'listing',
  'listed',
  'outstanding',
  'waiting_payment',
  'approved',
  'pending',
  'rejected',
  'fund_released',
  'holding',
  'sold',
  'awaiting',
  'unsettled',
  'completed',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_LABELS: Readonly<Record<DealStatus, Labels>> = {
  enable: l('启用', 'Enabled'),
  disabled: l('停用', 'Disabled'),
  order_locked: l('停止申购', 'Order locked'),
  available: l('可申购', 'Available'),
  listing: l('待上市', 'Listing'),
  listed: l('已上市', 'Listed'),
  outstanding: l('欠款', 'Outstanding'),
  waiting_payment: l('待缴款', 'Waiting payment'),
  approved: l('已通过', 'Approved'),
  pending: l('待审核', 'Pending'),
  rejected: l('已拒绝', 'Rejected'),
  fund_released: l('资金已退还', 'Fund released'),
  holding: l('持仓中', 'Holding'),
  sold: l('已卖出', 'Sold'),
  awaiting: l('待结算', 'Awaiting'),
  unsettled: l('未结算', 'Unsettled'),
  completed: l('已完成', 'Completed'),
};
