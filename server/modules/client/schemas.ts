import { ACCOUNT_AMOUNT_FIELDS, type AccountAmountField } from '../../../domain/account';
import { CLIENT_TYPE_FILTER, client } from '../../../domain/client';
import { rowSchema } from '../../core/entity';
import { listQuerySchema, listResponseSchema } from '../../core/list';
import { idField } from '../../core/params';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const md5 = { type: 'string', pattern: '^[0-9a-fA-F]{32}$', description: 'MD5 hex of the typed password' } as const;

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** An account (spec section 3 "Account", domain/account.ts); amounts are decimal strings. */
export const accountItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    client_id: { type: 'integer' },
    acc_no: str,
    currency: str,
    balance: str,
    ...(Object.fromEntries(ACCOUNT_AMOUNT_FIELDS.map((f) => [f, str])) as Record<AccountAmountField, typeof str>),
    withdrawable: str,
    created_at: str,
  },
} as const;

/** A client with its accounts (detail and username search): the list row (domain/client.ts) and `accounts`. */
export const clientDetail = rowSchema(client, { accounts: { type: 'array', items: accountItem } });
/** Response of GET /acc/admin/v1/list/{id}. */
export const accountListResponse = listResponseSchema(accountItem);

/** Body of POST /client/admin/v1/create (a robot client). */
export const createRobotBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
    password: { ...md5, description: 'Client-app password, MD5 hex (optional)' },
    full_name: { type: 'string', maxLength: 100 },
    mobile: { type: 'string', maxLength: 32 },
    agent_id: idField('Default: the creator when a salesman or team leader'),
    vip: { type: 'integer', minimum: 0, maximum: 10 },
    currencies: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z]{3,5}$' },
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      description: 'Accounts to open (default USD)',
    },
  },
  required: ['username'],
  additionalProperties: false,
} as const;

/** Optional explicit value for a toggle; absent: flip the current one. */
export const toggleBody = (field: string) =>
  ({
    type: ['object', 'null'],
    properties: { [field]: { type: 'boolean' } },
  }) as const;

/** Trade settings of a client (our design; spec only names the tab). */
export const tradeSettings = {
  type: 'object',
  properties: {
    buy_enabled: { type: 'boolean' },
    sell_enabled: { type: 'boolean' },
    max_leverage: { type: 'integer', minimum: 1, maximum: 100 },
    daily_limit: { type: ['string', 'null'], description: 'Daily trade amount limit (decimal string), null: none' },
  },
} as const;

/** Body of POST /client/admin/v1/trade/{id}: any subset of the settings. */
export const tradeSettingsBody = {
  type: 'object',
  properties: {
    ...tradeSettings.properties,
    daily_limit: {
      type: ['string', 'null'],
      description: 'Decimal >= 0 (2 decimals; a JSON number is accepted), null: none',
    },
  },
  additionalProperties: false,
} as const;

/** Response of GET /client/admin/v1/code/{id}. */
export const resetCodeResponse = {
  type: 'object',
  properties: { code: str, expires_in: { type: 'integer' }, expires_at: str },
  required: ['code', 'expires_in', 'expires_at'],
} as const;

/** Body of PUT /client/admin/v1/resetpwd/{id}. */
export const resetPasswordBody = {
  type: 'object',
  properties: { password: md5 },
  required: ['password'],
} as const;

/** Body of POST /user/v1/change_agent/{id}. */
export const changeAgentBody = {
  type: 'object',
  properties: { user_id: idField('The new agent: a salesman of the tenant') },
  required: ['user_id'],
} as const;

/** Querystring of GET /client/admin/v1/username. */
export const usernameQuery = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64 },
    fake: { type: 'string', enum: [...CLIENT_TYPE_FILTER] },
  },
  required: ['username'],
} as const;

/** Response of GET /user/admin/v1/tfl/{id}: agent first, then the team leader. */
export const chainResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          username: str,
          name: str,
          role: str,
          relation: { type: 'string', enum: ['agent', 'team_leader'] },
        },
      },
    },
  },
} as const;

/** Response of the holdings tab: one position per product (server/modules/trading), exact decimals as strings. */
export const holdingListResponse = listResponseSchema({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    product_id: { type: ['integer', 'null'], description: 'The trade product (null: a position without one)' },
    product_type: {
      type: 'string',
      description: 'The product kind (stock, block, ipo, daily, ai, fund, quant, saving)',
    },
    symbol: { type: 'string', description: "The product's code" },
    name: strOrNull,
    currency: str,
    quantity: { type: 'string', description: 'Shares (period products: the amount held), 4 decimals' },
    avg_price: { type: 'string', description: 'cost ÷ quantity, 4 decimals' },
    cost: {
      type: 'string',
      description: 'What the position cost exactly: the amounts of its open orders (fees excluded)',
    },
    price: { type: 'string', description: "The product's current price, 4 decimals (no product: avg_price)" },
    market_value: { type: 'string', description: 'quantity × price, rounded half up to the cent' },
    profit: { type: 'string', description: 'Unrealised: market_value − cost' },
    created_at: str,
    updated_at: str,
  },
  required: [
    'id',
    'product_id',
    'product_type',
    'symbol',
    'name',
    'currency',
    'quantity',
    'avg_price',
    'cost',
    'price',
    'market_value',
    'profit',
  ],
});

/** Querystring of the access records tab. */
export const accessQuery = listQuerySchema(['at']);

/** Response of the access records tab. */
export const accessListResponse = listResponseSchema({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    action: str,
    ip: strOrNull,
    location: strOrNull,
    device: strOrNull,
    user_agent: strOrNull,
    at: str,
  },
});

/** Response of the bank cards tab. */
export const bankListResponse = listResponseSchema({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    bank_name: str,
    holder_name: str,
    acc_no: str,
    address: strOrNull,
    phone: strOrNull,
    created_at: str,
  },
});

/** Response of the beneficiary tab. */
export const nomineeListResponse = listResponseSchema({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: str,
    relationship: str,
    phone: strOrNull,
    dob: strOrNull,
    share_percent: str,
    created_at: str,
  },
});

/** `{}` */
export const okResponse = { type: 'object', properties: {} } as const;
