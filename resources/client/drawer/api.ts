import type { Account as DomainAccount, AccountAmountField } from '../../../domain/account';
import type { ConsoleDataProvider } from '../../../dataProvider';

/** A client account as the drawer reads it (domain/account.ts; amounts optional in what it is given). */
export type Account = Pick<DomainAccount, 'acc_no' | 'currency' | 'balance'> &
  Partial<Pick<DomainAccount, AccountAmountField>> & { id: number | string };

/** A client as the detail call answers it (spec section 3, plus kyc_status). */
export interface Client {
  id: number | string;
  username: string;
  full_name?: string | null;
  mobile?: string | null;
  avatar?: string | null;
  fake?: boolean | null;
  active?: boolean | null;
  score?: number | string | null;
  vip?: number | string | null;
  agent_name?: string | null;
  superman?: string | null;
  mfa?: boolean | null;
  create_datetime?: string | null;
  kyc_status?: string | null;
  accounts?: Account[];
}

/** One row of a drawer sub-tab list (access records, bank cards, nominees, holdings). */
export type Row = Record<string, unknown> & { id?: number | string };

/**
 * GET /identify/admin/v1/client_detail/{id} (server/modules/kyc/schemas.ts kycDetailResponse; the unit suite's
 * mocks are checked against it): the KYC status, and the identity fields (null until the client submitted them).
 */
export interface Kyc {
  client_id: number;
  username: string;
  kyc_status: string;
  real_name: string | null;
  id_type: string | null;
  id_number: string | null;
  nationality: string | null;
  dob: string | null;
  address: string | null;
  front_image: string | null;
  back_image: string | null;
  selfie_image: string | null;
  /** URLs an <img> loads (signed, short-lived); null when there is no image. */
  front_image_url: string | null;
  back_image_url: string | null;
  selfie_image_url: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  remark: string | null;
}

/** GET /client/admin/v1/trade/{id} (tradeSettings schema). */
export interface TradeSettings {
  buy_enabled: boolean;
  sell_enabled: boolean;
  max_leverage: number;
  /** Decimal string; null: no limit. */
  daily_limit: string | null;
}

/**
 * A deposit record as GET /deposit/admin/v1/list answers it (server/modules/deposit/schemas.ts depositRecordSchema):
 * the fields the drawer's pending deposits show.
 */
export interface PendingDeposit {
  id: number;
  client_id: number;
  account_id: number;
  /** Currency of the requested amount. */
  currency: string;
  /** Requested amount (decimal string). */
  amount: string;
  /** Rate from currency to credit_currency (decimal string). */
  rate: string;
  /** The account's currency. */
  credit_currency: string;
  /** What the account will be credited on approval (decimal string). */
  credit_amount: string;
  status: string;
  sub_type: string;
  /** Short-lived signed URL of the proof image; null when there is none. */
  screenshot_url?: string | null;
  created_at: string;
}

/** How many pending deposits the drawer shows (newest first). */
export const PENDING_DEPOSITS_SHOWN = 20;

/** The payload of a `{ data }` envelope, or the body itself when it has none. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (data !== null && typeof data === 'object') return data as T;
  }
  return body as T;
}

/** The list of a `{ data: [...] }` envelope or a bare array; [] otherwise. */
export function unwrapList<T>(body: unknown): T[] {
  const data = unwrap<unknown>(body);
  return Array.isArray(data) ? (data as T[]) : [];
}

const enc = (id: number | string) => encodeURIComponent(String(id));

/**
 * The react-query key of a client's data: `['client', id]` covers all of it (what a money movement invalidates),
 * `['client', id, part]` one read (a sub-tab, the accounts, ...).
 */
export const clientKey = (id: number | string, part?: string): readonly string[] =>
  part === undefined ? ['client', String(id)] : ['client', String(id), part];

/** One read of a client's data: the part of its query key and how it loads through the dataProvider. */
export interface ClientRead<T> {
  part: string;
  load(dataProvider: ConsoleDataProvider, id: number | string, signal?: AbortSignal): Promise<T>;
}

const read = <T>(part: string, load: ClientRead<T>['load']): ClientRead<T> => ({ part, load });

/** A sub-tab list: `GET <path>/{id}`, `{ data: [...] }` or a bare array. */
const rows = (part: string, path: string) =>
  read(part, async (dp, id, signal) => unwrapList<Row>(await dp.call(`${path}/${enc(id)}`, { signal })));

/** Read calls of the client drawer (spec section 7 paths; sub-tab paths are our design); see useClientQuery. */
export const clientApi = {
  /** GET /client/admin/v1/detail/{id}. */
  detail: read('detail', async (dp, id, signal) =>
    unwrap<Client>(await dp.call(`/client/admin/v1/detail/${enc(id)}`, { signal })),
  ),
  /** GET /acc/admin/v1/list/{id}. */
  accounts: read('accounts', async (dp, id, signal) =>
    unwrapList<Account>(await dp.call(`/acc/admin/v1/list/${enc(id)}`, { signal })),
  ),
  /**
   * GET /identify/admin/v1/client_detail/{id}: the client's KYC status and submission; null when the client is not
   * in scope any more (404).
   */
  kyc: read('kyc', async (dp, id, signal): Promise<Kyc | null> => {
    try {
      return await dp.call<Kyc>(`/identify/admin/v1/client_detail/${enc(id)}`, { signal });
    } catch (err) {
      if ((err as { status?: number }).status === 404) return null;
      throw err;
    }
  }),
  /** GET /client/admin/v1/trade/{id}: the client's trade settings. */
  tradeSettings: read('trade', (dp, id, signal) =>
    dp.call<TradeSettings>(`/client/admin/v1/trade/${enc(id)}`, { signal }),
  ),
  /** GET /deposit/admin/v1/list?client_id={id}&status=pending: the newest pending deposits and how many there are. */
  pendingDeposits: read('pendingDeposits', async (dp, id, signal) => {
    const body = await dp.call<{ data?: PendingDeposit[]; total?: number }>('/deposit/admin/v1/list', {
      query: {
        client_id: String(id),
        status: 'pending',
        sort: 'created_at',
        order: 'desc',
        page: '1',
        page_size: String(PENDING_DEPOSITS_SHOWN),
      },
      signal,
    });
    const list = unwrapList<PendingDeposit>(body);
    return { rows: list, total: typeof body?.total === 'number' ? body.total : list.length };
  }),
  /** GET /client/admin/v1/order/holding/{id}. */
  holdings: rows('holdings', '/client/admin/v1/order/holding'),
  /** GET /client/admin/v1/access/{id}. */
  accessRecords: rows('access', '/client/admin/v1/access'),
  /** GET /client/admin/v1/bank/{id}. */
  bankCards: rows('bank', '/client/admin/v1/bank'),
  /** GET /client/admin/v1/nominee/{id}. */
  nominees: rows('nominee', '/client/admin/v1/nominee'),
};

/** POST /client/admin/v1/trade/{id}: saves the trade settings. */
export const saveTradeSettings = (dp: ConsoleDataProvider, id: number | string, settings: Partial<TradeSettings>) =>
  dp.call(`/client/admin/v1/trade/${enc(id)}`, { method: 'POST', body: settings });
