/**
 * The message modules that live beside the resources, listed once: each resource's texts (`resources/<name>/messages.ts`,
 * keys `resources.<name>.*`, and the client drawer's `client.*`) and the texts the funds records share
 * (resources/fundsMessages.ts, `resources.funds.*`). i18n/index.ts merges them with the areas of i18n/messages/, and
 * the i18n completeness test checks both languages of each. A new resource adds its module here.
 */
import type { MessageModule } from '../i18n/core';
import client from './client/messages';
import compensation from './compensation/messages';
import cryptoDeposit from './crypto_deposit/messages';
import deposit from './deposit/messages';
import kyc from './kyc/messages';
import ipAccess from './ip_access/messages';
import funds from './fundsMessages';
import loan from './loan/messages';
import settings from './settings/messages';
import users from './users/messages';
import withdrawal from './withdrawal/messages';

/** Message modules by resource name (`funds`: the texts all funds records share). */
export const resourceMessageModules: Record<string, MessageModule> = {
  funds,
  client,
  kyc,
  deposit,
  withdrawal,
  loan,
  compensation,
  crypto_deposit: cryptoDeposit,
  'settings/app': settings,
  users,
  ip_access: ipAccess,
};
