import type { RaRecord } from 'ra-core';
import {
  PERMISSION_MAX,
  tradingPermission,
  tradingPermissionProblems,
  type TradingPermissionRow,
} from '../../domain/trading-permission';
import { clientSearch } from '../clientChoices';
import { defineResource } from '../engine/define';
import { enumOptions } from '../engine/entityFields';
import { entityResource } from '../engine/entityResource';
import type { ChoiceLoader, ChoiceSearch, FormValues } from '../engine/types';
import type { OptionSet } from '../labels';
import { leaderFilterChoices } from '../staffChoices';

/** A rule as answered (domain/trading-permission.ts). */
export type TradingPermissionRecord = TradingPermissionRow & RaRecord;

const t = (key: string) => `resources.trading_permission.${key}`;
const field = (name: string) => tradingPermission.fields.find((f) => f.name === name)!;
export const scopeOptions = enumOptions(tradingPermission, field('scope'));
export const productOptions = enumOptions(tradingPermission, field('product'));
export const allowedOptions: OptionSet = [
  { id: true, name: t('allowed_values.true'), tone: 'success' },
  { id: false, name: t('allowed_values.false'), tone: 'error' },
];

/** The subjects a rule of the chosen level can name: a client (searched, subjectSearch), a team leader, a VIP level. */
const subjectChoices: ChoiceLoader = async (ctx) => {
  switch (ctx.values?.scope) {
    case 'team':
      return leaderFilterChoices(ctx);
    case 'vip':
      return Array.from({ length: PERMISSION_MAX.vip + 1 }, (_, level) => ({ id: level, name: `VIP ${level}` }));
    default:
      return [];
  }
};

/** A client rule's subject is searched by username, full name or mobile (a tenant may have 100,000 clients). */
const subjectSearch: ChoiceSearch = { ...clientSearch, when: (values) => values.scope === 'client' };

/** The API's rules of a new rule (tradingPermissionProblems), as i18n keys per field. */
function problems(values: FormValues): Record<string, string> | undefined {
  const out = Object.entries(tradingPermissionProblems(values))
    .filter(([, code]) => code !== 'required')
    .map(([f, code]) => [f, `errors.field.${code}`]);
  return out.length ? Object.fromEntries(out) : undefined;
}

/**
 * Trading permissions (spec section 2, config group; administrators only): the rules by client, team, VIP level and
 * default with filters level, product, allowed; the create form, edit dialog (allowed, note) and delete from the
 * definition. The create form's subject follows the level: a client picked by username, a team leader, a VIP level.
 * Above the list, a client's effective answer (TradingPermissionPage). Precedence: domain/trading-permission.ts.
 */
export const tradingPermissionConfig = entityResource<TradingPermissionRecord>(tradingPermission, {
  fields: {
    id: { hidden: true },
    scope: { filter: true, helperText: t('hints.scope') },
    subject_id: {
      // an id is no filter for a person (the API's subject_id filter stays for integrations)
      filter: false,
      label: t('inputs.subject_id'),
      input: 'remoteOption',
      load: subjectChoices,
      search: subjectSearch,
      loadOn: ['scope'],
      showIf: (v) => !!v.scope && v.scope !== 'default',
      helperText: t('hints.subject_id'),
    },
    product: { filter: true },
    allowed: { type: 'option', options: allowedOptions, filter: true, input: 'boolean' },
    updated_by_name: { hidden: true },
  },
  createDefaults: { allowed: false },
  delete: { confirm: t('confirm.delete') },
  validate: problems,
  sort: { field: 'id', order: 'DESC' },
  rowClick: false,
  views: { list: () => import('./TradingPermissionPage') },
});

export default defineResource<TradingPermissionRecord>(tradingPermissionConfig);
