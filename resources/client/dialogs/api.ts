import type { ConsoleDataProvider } from '../../../dataProvider';
import { unwrap, unwrapList } from '../drawer/api';

/** Which money dialog: deposit, compensation (bonus points, 赠分) or bonus (reward, 奖励). */
export type FundKind = 'deposit' | 'compensation' | 'bonus';

/** The deposit payload (spec section 3); a crypto deposit adds its chain, receiving address and transaction hash. */
export interface DepositPayload {
  account_id: number | string;
  amount: string;
  currency: string;
  screenshot: string;
  sub_type: string;
  chain?: string;
  address?: string;
  tx_hash?: string;
}

/** The exchange payload (spec section 3); amount with 2 decimals. */
export interface ExchangePayload {
  from_account: number | string;
  to_account: number | string;
  amount: string;
  rate: number;
}

/** One deposit sub_type option. */
export interface DepositOption {
  value: string;
  label?: string;
}

const enc = (id: number | string) => encodeURIComponent(String(id));
const idem = (key: string) => ({ 'Idempotency-Key': key });

/** The deposit sub_types used when the options call is missing (spec section 3 deposit types). */
export const FALLBACK_DEPOSIT_OPTIONS: DepositOption[] = [
  { value: 'bank' },
  { value: 'crypto' },
  { value: 'exchange' },
];

/** Normalises an options answer: strings or objects with value/code/id and label/name. */
function toOptions(items: unknown[]): DepositOption[] {
  return items
    .map((item): DepositOption | null => {
      if (typeof item === 'string') return { value: item };
      if (item && typeof item === 'object') {
        const o = item as Record<string, unknown>;
        const value = o.value ?? o.code ?? o.sub_type ?? o.id;
        const label = o.label ?? o.name;
        if (value === undefined || value === null) return null;
        return { value: String(value), label: typeof label === 'string' ? label : undefined };
      }
      return null;
    })
    .filter((o): o is DepositOption => o !== null);
}

/** Money commands and look-ups of the client dialogs (spec section 7 paths), over the console's dataProvider. */
export const fundsApi = (dp: ConsoleDataProvider) => ({
  /** POST /deposit/admin/v2/specialized/{clientId}: creates a pending deposit record. */
  deposit: (clientId: number | string, payload: DepositPayload, key: string) =>
    dp.call(`/deposit/admin/v2/specialized/${enc(clientId)}`, { method: 'POST', body: payload, headers: idem(key) }),
  /** POST /overdrawn/admin/v1/compensation/{clientId}: credits bonus points. */
  compensation: (clientId: number | string, payload: { account_id: number | string; amount: string }, key: string) =>
    dp.call(`/overdrawn/admin/v1/compensation/${enc(clientId)}`, { method: 'POST', body: payload, headers: idem(key) }),
  /** POST /overdrawn/admin/v1/bonus/{clientId}: credits a reward. */
  bonus: (clientId: number | string, payload: { account_id: number | string; amount: string }, key: string) =>
    dp.call(`/overdrawn/admin/v1/bonus/${enc(clientId)}`, { method: 'POST', body: payload, headers: idem(key) }),
  /** POST /acc/admin/v1/exchange/{clientId}. */
  exchange: (clientId: number | string, payload: ExchangePayload, key: string) =>
    dp.call(`/acc/admin/v1/exchange/${enc(clientId)}`, { method: 'POST', body: payload, headers: idem(key) }),
  /**
   * GET /currency/admin/v1/rate: the rate from `primary` to `secondary` (a number, or `{ rate }`); `exchange`: the
   * rate the exchange between accounts runs at (less the spread: `purpose=exchange`).
   */
  rate: async (primary: string, secondary: string, signal?: AbortSignal, exchange = false): Promise<number> => {
    const query = exchange ? { primary, secondary, purpose: 'exchange' } : { primary, secondary };
    const body = unwrap<unknown>(await dp.call('/currency/admin/v1/rate', { query, signal }));
    const raw =
      body && typeof body === 'object'
        ? ((body as { rate?: unknown; data?: unknown }).rate ?? (body as { data?: unknown }).data)
        : body;
    const rate = typeof raw === 'number' ? raw : Number(raw);
    if (raw === null || raw === undefined || raw === '' || !Number.isFinite(rate) || rate <= 0) {
      throw new Error('invalid rate');
    }
    return rate;
  },
  /** GET /deposit/admin/v1/options: deposit sub_type options; the label list when the call is missing (404). */
  depositOptions: async (signal?: AbortSignal): Promise<DepositOption[]> => {
    try {
      const body = await dp.call('/deposit/admin/v1/options', { signal });
      const list = toOptions(unwrapList<unknown>(body));
      return list.length ? list : FALLBACK_DEPOSIT_OPTIONS;
    } catch (err) {
      if ((err as { status?: number }).status === 404) return FALLBACK_DEPOSIT_OPTIONS;
      throw err;
    }
  },
  /** PUT /client/admin/v1/resetpwd/{clientId} with the MD5 hex of the new password. */
  resetPassword: (clientId: number | string, password: string) =>
    dp.call(`/client/admin/v1/resetpwd/${enc(clientId)}`, { method: 'PUT', body: { password } }),
});
