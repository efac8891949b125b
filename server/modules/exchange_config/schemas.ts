/** JSON schemas of the exchanges-and-rates routes; row schemas come from the domain (domain/exchange-config.ts). */
import {
  EXCHANGE_MAX,
  PLATFORM_CURRENCIES,
  RATE_PATTERN,
  currencyRateEntity,
  marketExchange,
} from '../../../domain/exchange-config';
import { TRADE_LIMITS } from '../../../domain/trade-config';
import { rowSchema } from '../../core/entity';
import { listResponseSchema } from '../../core/list';

export const exchangeRow = rowSchema(marketExchange);
export const rateRow = rowSchema(currencyRateEntity);
export const currentRatesResponse = listResponseSchema(rateRow);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** Body of an exchange's create and edit. */
export const exchangeBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['code', 'name', 'time_zone', 'sessions', 'holidays'] },
  properties: {
    code: { type: 'string', maxLength: EXCHANGE_MAX.code, description: 'Upper case, e.g. SSE, HKEX' },
    name: { type: 'string', maxLength: EXCHANGE_MAX.name },
    time_zone: { type: 'string', maxLength: EXCHANGE_MAX.timeZone, description: 'IANA time zone, e.g. Asia/Shanghai' },
    sessions: {
      type: 'string',
      maxLength: TRADE_LIMITS.sessionsText,
      description: 'HH:MM-HH:MM sessions, comma separated, in order, in the time zone of the exchange',
    },
    holidays: {
      type: ['string', 'null'],
      maxLength: EXCHANGE_MAX.holidays * 11,
      description: 'Days the exchange is closed: YYYY-MM-DD, comma separated',
    },
  },
  required: ['code', 'name', 'time_zone', 'sessions'],
} as const;

/** Body of a rate change. */
export const rateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['primary', 'secondary', 'rate', 'reverse_rate', 'source', 'valid_from'] },
  properties: {
    primary: { type: 'string', enum: [...PLATFORM_CURRENCIES] },
    secondary: { type: 'string', enum: [...PLATFORM_CURRENCIES] },
    rate: {
      type: 'string',
      maxLength: 30,
      description: `1 primary = rate secondary: an exact decimal > 0, at most 8 decimals, as a string (\`${RATE_PATTERN}\`)`,
    },
    reverse_rate: {
      type: ['string', 'null'],
      maxLength: 30,
      description:
        '1 secondary = reverse_rate primary, saved with the rate: missing, 1 / rate rounded down at 8 decimals; given, ' +
        'rate × reverse_rate may not exceed 1 (400 round_trip)',
    },
    source: { type: 'string', maxLength: EXCHANGE_MAX.source, description: 'Where the rate comes from' },
    valid_from: {
      type: ['string', 'null'],
      maxLength: 40,
      description: 'ISO instant the rate applies from; now when missing; never in the past',
    },
  },
  required: ['primary', 'secondary', 'rate', 'source'],
} as const;
