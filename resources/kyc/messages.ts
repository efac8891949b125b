/**
 * KYC page texts (`resources.kyc.*`): field labels and value labels come from the domain definition (domain/kyc.ts,
 * the same texts as the CSV headers); actions, confirmations, inputs and sections are here.
 * `resources.kyc.name` comes from the registry title.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { kyc } from '../../domain/kyc';
import type { MessageModule } from '../../i18n/core';

/** `fields` and `<field>_values` of the definition in one language. */
const labels = (lang: Language) => entityMessages(kyc, lang);

export default {
  'zh-CN': {
    resources: {
      kyc: {
        ...labels('zh-CN'),
        actions: { approve: '通过', reject: '拒绝', fill: '填写实名信息' },
        confirm: {
          approve: '通过客户 %{username} 的实名认证（%{real_name}，证件号码 %{id_number}）？',
          reject: '拒绝客户 %{username} 的实名认证？请填写拒绝原因，客户可重新提交。',
          fill: '为客户 %{username} 提交实名信息，提交后状态为待审核。',
        },
        inputs: {
          remark: '拒绝原因',
          real_name: '真实姓名',
          id_type: '证件类型',
          id_number: '证件号码',
          nationality: '国籍',
          dob: '出生日期',
          address: '地址',
          front_image: '证件正面',
          back_image: '证件背面',
          selfie_image: '手持证件照',
        },
        sections: { client: '客户', identity: '证件信息', documents: '证件照片', review: '审核' },
        hints: { remark: '客户会看到此原因' },
      },
    },
  },
  'en-US': {
    resources: {
      kyc: {
        ...labels('en-US'),
        actions: { approve: 'Approve', reject: 'Reject', fill: 'Fill in identity' },
        confirm: {
          approve: 'Approve the identity of %{username} (%{real_name}, ID number %{id_number})?',
          reject: 'Reject the identity of %{username}? Give the reason; the client may submit again.',
          fill: 'Submit the identity of %{username}; the record then waits for review.',
        },
        inputs: {
          remark: 'Reason',
          real_name: 'Real name',
          id_type: 'ID type',
          id_number: 'ID number',
          nationality: 'Nationality',
          dob: 'Date of birth',
          address: 'Address',
          front_image: 'Document front',
          back_image: 'Document back',
          selfie_image: 'Selfie with document',
        },
        sections: { client: 'Client', identity: 'Identity', documents: 'Documents', review: 'Review' },
        hints: { remark: 'The client sees this reason' },
      },
    },
  },
} satisfies MessageModule;
