/**
 * Emergency texts (`resources.emergency.*`): field and value labels come from the definition (domain/emergency.ts,
 * the same texts as the CSV headers); actions, inputs and hints are here (the shell's banner title is `shell.emergencyBanner`).
 * `resources.emergency.name` comes from the registry.
 */
import { emergencyPlan } from '../../domain/emergency';
import { entityMessages, type Language } from '../../domain/entity';
import type { MessageModule } from '../../i18n/core';

const labels = (lang: Language) => entityMessages(emergencyPlan, lang);

export default {
  'zh-CN': {
    resources: {
      emergency: {
        ...labels('zh-CN'),
        actions: { request: '发起应急预案', lift: '申请解除', modify_order: '应急改单' },
        confirm: {
          lift: '申请解除预案 #%{id}：另一位管理员在复核队列中通过后才会解除。',
          modify_order:
            '更正一笔未平仓的股票、大宗或日内订单（待审核或持仓中）的价格和/或数量：金额与手续费重算，只按差额冻结/退还或扣款/退款，持仓随之更新，立即生效并记入审计日志。也可在订单列表的“改单”中操作。',
        },
        inputs: {
          kind: '预案类型',
          product: '暂停交易的产品',
          message_zh: '公告内容（中文）',
          message_en: '公告内容（英文）',
          reason: '原因',
          order_id: '订单号',
          price: '更正后的价格',
          quantity: '更正后的数量（股）',
        },
        hints: { checker: '提交后需由另一位管理员在“复核队列”中通过才会生效', unchanged: '留空则不变' },
        done: {
          request: '预案已提交，等待另一位管理员复核',
          lift: '解除申请已提交，等待另一位管理员复核',
          modify_order: '订单已更正',
        },
      },
    },
  },
  'en-US': {
    resources: {
      emergency: {
        ...labels('en-US'),
        actions: { request: 'Request a plan', lift: 'Request lift', modify_order: 'Modify an order' },
        confirm: {
          lift: 'Request the lift of plan #%{id}: it ends only when another administrator approves it.',
          modify_order:
            "Correct the price and/or quantity of an open stock, block or daily order (pending or holding): the amount and fee are recomputed, only the difference is frozen or released, debited or refunded, the position follows; it takes effect at once and is audited. The orders list's Modify does the same.",
        },
        inputs: {
          kind: 'Plan',
          product: 'Product to halt',
          message_zh: 'Banner text (Chinese)',
          message_en: 'Banner text (English)',
          reason: 'Reason',
          order_id: 'Order number',
          price: 'Corrected price',
          quantity: 'Corrected quantity (shares)',
        },
        hints: {
          checker: 'Takes effect only when another administrator approves it in the approval queue',
          unchanged: 'Empty: unchanged',
        },
        done: {
          request: 'Plan requested; waiting for another administrator to approve it',
          lift: 'Lift requested; waiting for another administrator to approve it',
          modify_order: 'Order corrected',
        },
      },
    },
  },
} satisfies MessageModule;
