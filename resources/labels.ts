/**
 * The label lists of spec section 3 (and the deal and record statuses of section 4) as shared option sets.
 * Each option's `name` is an i18n key under `labels.<set>.<key>` (i18n/messages/labels.ts holds both languages);
 * `id` is the value the API sends and accepts. No React here: declarations
 * import this eagerly.
 */
import { CRYPTO_CHAINS } from '../domain/crypto-chains';
import { DEAL_STATUSES } from '../domain/deal-status';
import { DEPOSIT_SUB_TYPES } from '../domain/records';
import { SUBTYPES } from '../domain/trading';

/** How an option is coloured when shown as a chip. */
export type OptionTone = 'default' | 'success' | 'warning' | 'error' | 'info';

/** One choice of a label list: the wire value and the i18n key of its label. */
export interface Option {
  id: string | number | boolean;
  name: string;
  tone?: OptionTone;
}

/** A label list. */
export type OptionSet = readonly Option[];

/** An option set whose wire values are the keys themselves (`labels.<set>.<key>`). */
function labelSet(set: string, keys: readonly string[], tones: Record<string, OptionTone> = {}): OptionSet {
  return keys.map((key) => ({ id: key, name: `labels.${set}.${key}`, tone: tones[key] }));
}

/** The option of `value` in `options`, compared as strings (so `true` matches `'true'` from a URL filter). */
export function findOption(options: OptionSet, value: unknown): Option | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((o) => String(o.id) === String(value));
}

/** Client types: the record's `fake` flag; a fake client is shown as Robot. */
export const clientTypes: OptionSet = [
  { id: false, name: 'labels.clientType.real', tone: 'success' },
  { id: true, name: 'labels.clientType.fake', tone: 'warning' },
];

/** Whether an account is enabled: the record's `active` flag. */
export const activeStatuses: OptionSet = [
  { id: true, name: 'labels.activeStatus.enabled', tone: 'success' },
  { id: false, name: 'labels.activeStatus.disabled', tone: 'error' },
];

/** KYC statuses. */
export const kycStatuses = labelSet('kycStatus', ['approved', 'pending', 'rejected', 'unverified'], {
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
});

/** Product types. */
export const productTypes = labelSet('productType', [
  'all',
  'stock',
  'ipo',
  'block',
  'fund',
  'quant',
  'saving',
  'subscribe',
]);

/** Product subtypes (domain/trading.ts). */
export const subtypes = labelSet('subtype', SUBTYPES);

/** Trade types: holding (shown as Direct) and review. */
export const tradeTypes = labelSet('tradeType', ['holding', 'review']);

/** Transaction kinds. */
export const transactionKinds = labelSet('transactionKind', [
  'buy',
  'sell',
  'exchange',
  'buy_fee',
  'sell_fee',
  'bank',
  'crypto',
  'repay',
]);

/** Funds kinds: what a credit to a client account is. */
export const fundsKinds = labelSet('fundsKind', ['deposit', 'compensation', 'bonus']);

/** Kinds of a bonus-point record (an overdrawn record's `sub_type`): bonus points (赠分) or bonus (奖励). */
export const bonusKinds = labelSet('fundsKind', ['compensation', 'bonus'], { bonus: 'info' });

/** Deposit types (a deposit's `sub_type`, domain/records.ts; bank is the default). */
export const depositTypes = labelSet('depositType', DEPOSIT_SUB_TYPES);

/** Crypto deposit chains (a crypto deposit's `chain`; the list lives in domain/crypto-chains.ts with its rules). */
export const cryptoChains = labelSet('cryptoChain', CRYPTO_CHAINS);

/** Record types. */
export const recordTypes = labelSet('recordType', ['fund', 'trading']);

/** Deal statuses of spec section 4. */
export const dealStatuses = labelSet('dealStatus', DEAL_STATUSES, {
  enable: 'success',
  disabled: 'error',
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
  completed: 'success',
});

/** Statuses of deposit, withdrawal, loan and compensation records. */
export const recordStatuses = labelSet('recordStatus', ['pending', 'approved', 'rejected', 'rolled_back', 'repaid'], {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  repaid: 'info',
});

/** Every label list by its i18n set name, for the translation completeness test and for reference. */
export const labelSets: Record<string, OptionSet> = {
  clientType: clientTypes,
  activeStatus: activeStatuses,
  kycStatus: kycStatuses,
  productType: productTypes,
  subtype: subtypes,
  tradeType: tradeTypes,
  transactionKind: transactionKinds,
  fundsKind: fundsKinds,
  depositType: depositTypes,
  cryptoChain: cryptoChains,
  recordType: recordTypes,
  dealStatus: dealStatuses,
  recordStatus: recordStatuses,
};
