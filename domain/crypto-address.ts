/**
 * The platform's crypto receiving addresses (spec section 2 "crypto_address"; paths are ours, spec section 7 does not
 * show them): per tenant, a chain, an address of that chain's shape (domain/crypto-chains.ts, the rules of crypto
 * deposits), a label and a switch. The client drawer's crypto deposit offers the active ones
 * (GET /deposit/admin/v1/options, `addresses`). An address that a deposit names is never deleted (409
 * address_in_use): it is deactivated instead.
 */
import { CRYPTO_CHAINS, chainAddressProblem, isCryptoChain, type AddressProblem } from './crypto-chains';
import { defineEntity, type Row } from './entity';

/** Longest accepted values. */
export const CRYPTO_ADDRESS_MAX = { address: 120, label: 100 } as const;

/** Chain labels (the same texts as the crypto deposit pages' chain labels). */
const CHAIN_LABELS = {
  TRC20: { 'zh-CN': 'TRC20（波场）', 'en-US': 'TRC20 (TRON)' },
  ERC20: { 'zh-CN': 'ERC20（以太坊）', 'en-US': 'ERC20 (Ethereum)' },
  BEP20: { 'zh-CN': 'BEP20（BNB 智能链）', 'en-US': 'BEP20 (BNB Smart Chain)' },
  BTC: { 'zh-CN': 'BTC（比特币）', 'en-US': 'BTC (Bitcoin)' },
  ETH: { 'zh-CN': 'ETH（以太坊）', 'en-US': 'ETH (Ethereum)' },
  SOL: { 'zh-CN': 'SOL（Solana）', 'en-US': 'SOL (Solana)' },
} as const;

export const cryptoAddress = defineEntity({
  name: 'crypto_address',
  resource: 'cryptoAddress',
  paths: {
    list: '/crypto_address/admin/v1/list',
    export: '/crypto_address/admin/v1/list/export',
    one: '/crypto_address/admin/v1/{id}',
    create: '/crypto_address/admin/v1/create',
    update: '/crypto_address/admin/v1/{id}',
    delete: '/crypto_address/admin/v1/{id}',
    status: '/crypto_address/admin/v1/status/{id}',
    deposits: '/crypto_address/admin/v1/{id}/deposits',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'chain',
      kind: 'enum',
      values: CRYPTO_CHAINS,
      list: true,
      filter: 'eq',
      label: { 'zh-CN': '链', 'en-US': 'Chain' },
      valueLabels: CHAIN_LABELS,
      create: true,
      required: true,
    },
    {
      name: 'address',
      kind: 'text',
      maxLength: CRYPTO_ADDRESS_MAX.address,
      list: true,
      filter: 'prefix',
      // of the chain's shape, one per tenant and chain in its canonical spelling: cryptoAddressProblems, the module
      create: true,
      required: true,
      label: { 'zh-CN': '收款地址', 'en-US': 'Address' },
    },
    {
      name: 'label',
      kind: 'text',
      nullable: true,
      maxLength: CRYPTO_ADDRESS_MAX.label,
      list: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '标签', 'en-US': 'Label' },
    },
    {
      name: 'active',
      kind: 'boolean',
      list: true,
      filter: 'eq',
      create: true,
      default: true,
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      valueLabels: { true: { 'zh-CN': '启用', 'en-US': 'Active' }, false: { 'zh-CN': '停用', 'en-US': 'Inactive' } },
    },
    {
      name: 'deposit_count',
      kind: 'integer',
      list: true,
      label: { 'zh-CN': '充值笔数', 'en-US': 'Deposits' },
    },
    {
      name: 'created_by_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '添加人', 'en-US': 'Added by' },
    },
    { name: 'created_at', kind: 'datetime', list: true, label: { 'zh-CN': '添加时间', 'en-US': 'Added' } },
    {
      name: 'updated_at',
      kind: 'datetime',
      detail: true,
      label: { 'zh-CN': '更新时间', 'en-US': 'Updated' },
    },
  ],
});

/** A receiving address as the list, the detail and the writes answer it. */
export type CryptoAddressRow = Row<typeof cryptoAddress>;

/** The body of the status switch. */
export interface CryptoAddressStatus {
  active: boolean;
}

/** One active address as the deposit dialog offers it (GET /deposit/admin/v1/options, `addresses`). */
export interface CryptoAddressOption {
  chain: string;
  address: string;
  label: string | null;
}

/**
 * The problems of a new address's fields, one code per field (an empty object when it may be saved): the chain one
 * of CRYPTO_CHAINS, the address of that chain's shape (chainAddressProblem), the label at most its length. The API
 * answers them as `field_codes`, the console shows `errors.field.<code>` under the input.
 */
export function cryptoAddressProblems(v: {
  chain?: unknown;
  address?: unknown;
  label?: unknown;
}): Partial<Record<'chain' | 'address' | 'label', AddressProblem | 'too_long'>> {
  const out: Partial<Record<'chain' | 'address' | 'label', AddressProblem | 'too_long'>> = {};
  const chain = typeof v.chain === 'string' ? v.chain : '';
  if (!chain) out.chain = 'required';
  else if (!isCryptoChain(chain)) out.chain = 'invalid';
  const address = typeof v.address === 'string' ? v.address : '';
  const problem = chainAddressProblem(isCryptoChain(chain) ? chain : '', address);
  if (problem) out.address = problem;
  else if (address.trim().length > CRYPTO_ADDRESS_MAX.address) out.address = 'invalid';
  if (typeof v.label === 'string' && v.label.trim().length > CRYPTO_ADDRESS_MAX.label) out.label = 'too_long';
  return out;
}
