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
        actions: { request: '发起应急预案', lift: '申请解除' },
        confirm: { lift: '申请解除预案 #%{id}：另一位管理员在复核队列中通过后才会解除。' },
        inputs: {
          kind: '预案类型',
          product: '暂停交易的产品',
          message_zh: '公告内容（中文）',
          message_en: '公告内容（英文）',
          reason: '原因',
        },
        hints: { checker: '提交后需由另一位管理员在“复核队列”中通过才会生效' },
        done: {
          request: '预案已提交，等待另一位管理员复核',
          lift: '解除申请已提交，等待另一位管理员复核',
        },
      },
    },
  },
  'en-US': {
    resources: {
      emergency: {
        ...labels('en-US'),
        actions: { request: 'Request a plan', lift: 'Request lift' },
        confirm: { lift: 'Request the lift of plan #%{id}: it ends only when another administrator approves it.' },
        inputs: {
          kind: 'Plan',
          product: 'Product to halt',
          message_zh: 'Banner text (Chinese)',
          message_en: 'Banner text (English)',
          reason: 'Reason',
        },
        hints: { checker: 'Takes effect only when another administrator approves it in the approvals queue' },
        done: {
          request: 'Plan requested; waiting for another administrator to approve it',
          lift: 'Lift requested; waiting for another administrator to approve it',
        },
      },
    },
  },
} satisfies MessageModule;
