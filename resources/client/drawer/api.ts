import { http } from '../../../src/services';

/** A client account (spec section 3); amounts are decimal strings. */
export interface Account {
  id: number | string;
  acc_no: string;
  currency: string;
  balance: string;
  deposit?: string;
  withdrawal?: string;
  profit?: string;
  compensation?: string;
  bonus?: string;
  loan?: string;
  frozen?: string;
  outstanding?: string;
}

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
 * GET /identify/admin/v1/client_detail/{id} (server/modules/client/schemas.ts kycDetailResponse; the unit suite's
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

/** Read calls of the client drawer (spec section 7 paths; sub-tab paths are our design). */
export const clientApi = {
  /** GET /client/admin/v1/detail/{id}. */
  detail: async (id: number | string) => unwrap<Client>(await http(`/client/admin/v1/detail/${enc(id)}`)),
  /** GET /acc/admin/v1/list/{id}. */
  accounts: async (id: number | string) => unwrapList<Account>(await http(`/acc/admin/v1/list/${enc(id)}`)),
  /** GET /identify/admin/v1/client_detail/{id}: the client's KYC status and submission. */
  kyc: (id: number | string) => http<Kyc>(`/identify/admin/v1/client_detail/${enc(id)}`),
  /** GET /client/admin/v1/trade/{id}: the client's trade settings. */
  tradeSettings: (id: number | string) => http<TradeSettings>(`/client/admin/v1/trade/${enc(id)}`),
  /** POST /client/admin/v1/trade/{id}: saves the trade settings. */
  saveTradeSettings: (id: number | string, settings: Partial<TradeSettings>) =>
    http(`/client/admin/v1/trade/${enc(id)}`, { method: 'POST', body: settings }),
  /** GET /deposit/admin/v1/list?client_id={id}&status=pending: the newest pending deposits and how many there are. */
  pendingDeposits: async (id: number | string) => {
    const body = await http<{ data?: PendingDeposit[]; total?: number }>('/deposit/admin/v1/list', {
      query: {
        client_id: String(id),
        status: 'pending',
        sort: 'created_at',
        order: 'desc',
        page: '1',
        page_size: String(PENDING_DEPOSITS_SHOWN),
      },
    });
    const rows = unwrapList<PendingDeposit>(body);
    return { rows, total: typeof body?.total === 'number' ? body.total : rows.length };
  },
  /** GET /client/admin/v1/order/holding/{id}. */
  holdings: async (id: number | string) => unwrapList<Row>(await http(`/client/admin/v1/order/holding/${enc(id)}`)),
  /** GET /client/admin/v1/access/{id}. */
  accessRecords: async (id: number | string) => unwrapList<Row>(await http(`/client/admin/v1/access/${enc(id)}`)),
  /** GET /client/admin/v1/bank/{id}. */
  bankCards: async (id: number | string) => unwrapList<Row>(await http(`/client/admin/v1/bank/${enc(id)}`)),
  /** GET /client/admin/v1/nominee/{id}. */
  nominees: async (id: number | string) => unwrapList<Row>(await http(`/client/admin/v1/nominee/${enc(id)}`)),
};
