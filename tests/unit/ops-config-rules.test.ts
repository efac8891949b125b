// The rules both sides of issue 10's configuration pages apply (domain/): receiving addresses per chain, trading
// hours, fees and amounts, global config values per type, and the precedence of trading permissions.
import { describe, expect, it } from 'vitest';
import { cryptoAddressProblems } from '../../domain/crypto-address';
import { canonicalAddress, chainAddressProblem } from '../../domain/crypto-chains';
import {
  canonicalConfigValue,
  configValueProblem,
  parseSessions,
  tradeProductProblems,
  DEFAULT_TRADE_PRODUCT,
} from '../../domain/trade-config';
import { resolveTrading, tradingPermissionProblems, type RuleFacts } from '../../domain/trading-permission';

describe('receiving addresses', () => {
  it.each([
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', undefined],
    ['ERC20', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', undefined],
    ['BEP20', '0x71c7656ec7ab88b098defb751b7401b5f6d8976f', undefined],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', undefined],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', undefined],
    ['SOL', 'So11111111111111111111111111111111111111112', undefined],
    ['TRC20', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', 'address_chain'],
    ['ETH', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'address_chain'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', 'address_chain'],
    ['SOL', 'O0Il1111111111111111111111111111111', 'address_chain'],
    ['TRC20', 'T-short', 'invalid'],
    ['TRC20', '', 'required'],
  ])('%s %s: %s', (chain, address, problem) => {
    expect(chainAddressProblem(chain, address)).toBe(problem);
  });

  it('compares EVM and bech32 without case, base58 exactly', () => {
    expect(canonicalAddress('ERC20', ' 0xAbC ')).toBe('0xabc');
    expect(canonicalAddress('BTC', 'BC1QAR0')).toBe('bc1qar0');
    expect(canonicalAddress('TRC20', 'TQn9Y2')).toBe('TQn9Y2');
  });

  it('names each field of a new address', () => {
    expect(cryptoAddressProblems({ chain: 'DOGE', address: 'x', label: 'y'.repeat(101) })).toEqual({
      chain: 'invalid',
      address: 'invalid',
      label: 'too_long',
    });
  });
});

describe('product settings', () => {
  it.each([
    ['09:30-11:30,13:00-15:00', 2],
    [' 00:00-24:00 ', 1],
    ['21:00-23:59', 1],
  ])('takes sessions %j', (text, n) => expect(parseSessions(text)).toHaveLength(n));

  it.each([
    '',
    '9:30-11:30',
    '11:30-09:30',
    '09:30-12:00,11:00-15:00',
    '13:00-15:00,09:30-11:30',
    '22:00-02:00',
    '24:00-24:00',
  ])('refuses sessions %j', (text) => expect(parseSessions(text)).toBeNull());

  it('checks fees, amounts (exactly, min <= max) and leverage', () => {
    const ok = { ...DEFAULT_TRADE_PRODUCT };
    expect(tradeProductProblems(ok)).toEqual({});
    expect(tradeProductProblems({ ...ok, buy_fee: '0.999999', sell_fee: '0.1234567' })).toEqual({
      sell_fee: { code: 'fee_rate' },
    });
    // 0.1 + 0.2 in floating point is above 0.3: exact cents say equal
    expect(tradeProductProblems({ ...ok, min_amount: '0.30', max_amount: '0.3' })).toEqual({});
    expect(tradeProductProblems({ ...ok, min_amount: '10000000000000000.00' }).min_amount?.code).toBe('invalid');
    expect(tradeProductProblems({ ...ok, min_amount: '1000000.01' }).min_amount?.code).toBe('min_above_max');
    expect(tradeProductProblems({ ...ok, leverage: 101 }).leverage).toEqual({ code: 'too_large', limit: 100 });
    expect(tradeProductProblems({ ...ok, leverage: '5' })).toEqual({});
  });
});

describe('global config values', () => {
  it.each([
    ['number', '-12.5', undefined],
    ['number', '1e3', 'config_number'],
    ['boolean', 'true', undefined],
    ['boolean', 'True', 'config_boolean'],
    ['decimal', '123456789.12345678', undefined],
    ['decimal', '1.123456789', 'config_decimal'],
    ['json', '[1, {"a": null}]', undefined],
    ['json', "{'a':1}", 'config_json'],
    ['string', '', undefined],
  ])('%s %j: %s', (type, value, problem) => expect(configValueProblem(type, value)).toBe(problem));

  it('stores JSON compact and strings as given', () => {
    expect(canonicalConfigValue('json', ' { "a" : [1, 2] } ')).toBe('{"a":[1,2]}');
    expect(canonicalConfigValue('string', '  spaced  ')).toBe('  spaced  ');
    expect(canonicalConfigValue('decimal', ' 1.50 ')).toBe('1.50');
  });
});

describe('trading permission precedence', () => {
  const who = { client_id: 7, vip: 2, team_id: 30 };
  const open = () => true;
  const rule = (id: number, scope: RuleFacts['scope'], subject_id: number | null, allowed: boolean): RuleFacts => ({
    id,
    scope,
    subject_id,
    product: 'stock',
    allowed,
  });
  const stock = (rules: RuleFacts[], enabled = open) => resolveTrading(rules, who, enabled)[0];

  it('client > team > VIP level > default > none (allowed)', () => {
    const all = [
      rule(1, 'default', 0, false),
      rule(2, 'vip', 2, true),
      rule(3, 'team', 30, false),
      rule(4, 'client', 7, true),
    ];
    expect(stock([])).toMatchObject({ allowed: true, source: 'none', rule_id: null });
    expect(stock(all.slice(0, 1))).toMatchObject({ allowed: false, source: 'default', rule_id: 1 });
    expect(stock(all.slice(0, 2))).toMatchObject({ allowed: true, source: 'vip' });
    expect(stock(all.slice(0, 3))).toMatchObject({ allowed: false, source: 'team' });
    expect(stock(all)).toMatchObject({ allowed: true, source: 'client', own: true });
    // the order the rules come in does not matter
    expect(stock([...all].reverse())).toMatchObject({ source: 'client' });
  });

  it('ignores rules of other subjects and products', () => {
    const others = [rule(1, 'client', 8, false), rule(2, 'team', 31, false), rule(3, 'vip', 3, false)];
    expect(stock(others)).toMatchObject({ allowed: true, source: 'none' });
    expect(resolveTrading([{ ...rule(4, 'default', 0, false), product: 'ipo' }], who, open)[0].source).toBe('none');
    // a client without a team is not matched by a team rule of subject null
    const noTeam = resolveTrading([rule(5, 'team', 0, false)], { ...who, team_id: null }, open)[0];
    expect(noTeam.source).toBe('none');
  });

  it('a closed product is not tradable whatever the rules', () => {
    expect(stock([rule(1, 'client', 7, true)], () => false)).toMatchObject({
      allowed: true,
      product_enabled: false,
      tradable: false,
    });
  });

  it('checks the subject of a new rule', () => {
    expect(tradingPermissionProblems({ scope: 'default', product: 'stock' })).toEqual({});
    expect(tradingPermissionProblems({ scope: 'vip', subject_id: 0, product: 'stock' })).toEqual({});
    expect(tradingPermissionProblems({ scope: 'vip', subject_id: 100, product: 'stock' }).subject_id).toBe('invalid');
    expect(tradingPermissionProblems({ scope: 'client', subject_id: 0, product: 'stock' }).subject_id).toBe('invalid');
    expect(tradingPermissionProblems({ scope: 'team', product: 'x' })).toEqual({
      subject_id: 'required',
      product: 'invalid',
    });
  });
});
