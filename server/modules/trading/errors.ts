/** The 409 refusals of trading (docs/trading.md): each leaves nothing changed. */
import type { MarketStatus } from '../../../domain/trading';
import { DomainError } from '../../core/errors';

/** 409: the order (or product) is not in a status this action starts from; nothing changed. */
export class InvalidTransitionError extends DomainError {
  readonly status: string;
  constructor(what: string, status: string, action: string) {
    super(409, 'invalid_transition', `${what} is ${status}; ${action} is not allowed from there`);
    this.status = status;
  }
}

/** 409: the client has no account in the product's currency. */
export class AccountMissingError extends DomainError {
  constructor(currency: string) {
    super(409, 'account_missing', `The client has no ${currency} account`);
  }
}

/** 409: the product takes no orders (its status, or its kind closed in the trade configuration). */
export class ProductClosedError extends DomainError {
  constructor(message: string) {
    super(409, 'product_closed', message);
  }
}

/** 409: an emergency plan in effect halts trading of the product kind. */
export class TradingHaltedError extends DomainError {
  constructor(kind: string) {
    super(409, 'trading_halted', `Trading of ${kind} is halted by an emergency plan`);
  }
}

/** 409: the trading permissions do not let the client trade the product kind. */
export class TradingNotAllowedError extends DomainError {
  constructor(kind: string) {
    super(409, 'trading_not_allowed', `The client may not trade ${kind} (trading permissions)`);
  }
}

/** 409: the client's trade settings (client drawer, 交易设置) refuse buying or selling. */
export class TradeSettingError extends DomainError {
  constructor(side: 'buy' | 'sell') {
    super(409, `${side}_disabled`, `The client's trade settings do not allow ${side === 'buy' ? 'buying' : 'selling'}`);
  }
}

/** 409: the order would take the client's orders of the day beyond the daily limit of his trade settings. */
export class DailyLimitError extends DomainError {
  constructor(limit: string, used: string, currency: string) {
    super(409, 'daily_limit_exceeded', `The client's daily limit is ${limit} ${currency}; ${used} is placed today`);
  }
}

/** 409: an IPO subscription outside the product's subscription window (subscribe_start .. subscribe_end). */
export class SubscriptionClosedError extends DomainError {
  constructor(message: string) {
    super(409, 'subscription_closed', message);
  }
}

/** 409: the kind's trading sessions (trade_config, the tenant's time zone) are closed at this moment. */
export class MarketClosedError extends DomainError {
  constructor(m: MarketStatus) {
    super(
      409,
      'market_closed',
      `Trading of ${m.kind} is closed now (${m.local_time} ${m.time_zone}; trading hours ${m.sessions})`,
    );
  }
}
