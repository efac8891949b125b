/** JSON schemas of the deposit routes, derived from the deposit definitions (domain/records.ts). */
import { cryptoDeposit, deposit } from '../../../domain/records';
import { recordListQuery, recordSchema } from '../records/schemas';

/** A deposit record (list row, detail, mutation answer). */
export const depositRecordSchema = recordSchema(deposit, 'A deposit record');
/** A crypto deposit record: a deposit record of sub_type crypto (the same view). */
export const cryptoDepositRecordSchema = recordSchema(cryptoDeposit, 'A deposit record of sub_type crypto');

/** The deposit list's querystring. */
export const depositListQuery = recordListQuery(deposit);
/** The crypto deposit list's querystring: the deposit list's (sub_type is ignored), chain and tx_hash exact. */
export const cryptoDepositListQuery = recordListQuery(cryptoDeposit);
