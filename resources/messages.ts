/**
 * The message modules that live beside the resources, listed once: each resource's texts (`resources/<name>/messages.ts`,
 * keys `resources.<name>.*`, and the client drawer's `client.*`) and the texts the funds records share
 * (resources/fundsMessages.ts, `resources.funds.*`). They load as one chunk with the first resource page
 * (i18n/index.ts, loadResourceMessages), and the i18n completeness test checks both languages of each. A new resource
 * adds its module here.
 */
import type { MessageModule } from '../i18n/core';
import client from './client/messages';
import compensation from './compensation/messages';
import cryptoDeposit from './crypto_deposit/messages';
import deposit from './deposit/messages';
import kyc from './kyc/messages';
import ipAccess from './ip_access/messages';
import approval from './approval/messages';
import approvalPolicy from './approval_policy/messages';
import cryptoAddress from './crypto_address/messages';
import tradeConfig from './trade_config/messages';
import tradingPermission from './trading_permission/messages';
import exchangeConfig from './exchange_config/messages';
import currencyPair from './currency_pair/messages';
import message from './message/messages';
import messageTemplate from './message/templateMessages';
import service from './service/messages';
import dataException from './data_exception/messages';
import emergency from './emergency/messages';
import auditLog from './audit_log/messages';
import permission from './permission/messages';
import funds from './fundsMessages';
import loan from './loan/messages';
import settings from './settings/messages';
import users from './users/messages';
import withdrawal from './withdrawal/messages';
import { tradingMessageModules } from './trades/messages';

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
  approval,
  approval_policy: approvalPolicy,
  crypto_address: cryptoAddress,
  trade_config: tradeConfig,
  trading_permission: tradingPermission,
  exchange_config: exchangeConfig,
  currency_pair: currencyPair,
  message,
  message_template: messageTemplate,
  service,
  data_exception: dataException,
  emergency,
  audit_log: auditLog,
  permission,
  // every trades and trade records page (`trades/*`, `trx/*`) and what they share (`trades`)
  ...tradingMessageModules,
};
