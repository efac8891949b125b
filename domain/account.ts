/**
 * A client's account as the API answers it (spec section 3 "Account"): the API's schema
 * (server/modules/client/schemas.ts accountItem) and the console's account card (resources/client/drawer) both
 * take the amount fields and their order from here. Amounts are decimal strings.
 */

/** The amount fields after the balance, in spec order (the account card shows them so). */
export const ACCOUNT_AMOUNT_FIELDS = [
  'deposit',
  'withdrawal',
  'profit',
  'compensation',
  'bonus',
  'loan',
  'frozen',
  'outstanding',
] as const;
export type AccountAmountField = (typeof ACCOUNT_AMOUNT_FIELDS)[number];

/** An account: number, currency, balance, the amounts, and what may be withdrawn (balance less the bonus, ≥ 0). */
export type Account = {
  id: number;
  client_id: number;
  acc_no: string;
  currency: string;
  balance: string;
  withdrawable: string;
  created_at: string;
} & Record<AccountAmountField, string>;
