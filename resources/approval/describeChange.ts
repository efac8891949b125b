import type { ControlChange } from '../../domain/approval';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A value of a change as a person reads it: yes/no, an amount, or the meaning of an empty one. */
function valueText(key: string, value: unknown, translate: Translate): string {
  if (key === 'role' && typeof value === 'string' && value) return translate(`resources.users.role_values.${value}`);
  // a role's narrowings (`resource:action`)
  if (Array.isArray(value)) return value.length ? value.join(', ') : translate('resources.approval.change.empty.none');
  if (value === true || value === false) return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (value === null || value === undefined || value === '')
    return translate(`resources.approval.change.empty.${key.endsWith('_limit') ? 'limit' : 'none'}`);
  return String(value);
}

/**
 * What a change is about: a policy row's kind and currency (`*`: every other currency), a staff member, a role, an
 * IP allow-list entry added or deleted or the list turned on or off.
 */
function targetText(kind: string, change: ControlChange, translate: Translate): string {
  const target = change.target;
  if (kind === 'approval_policy') {
    const [k, currency] = target.split(':');
    const cur = currency === '*' ? translate('resources.approval.change.any_currency') : currency;
    return `${translate(`resources.approval.kind_values.${k}`)} / ${cur}`;
  }
  // a staff_role change: the staff member appointed (username)
  if (kind === 'staff_role') return translate('resources.approval.change.staff', { username: target });
  // a role_grants change: the role whose grants change
  if (kind === 'role_grants')
    return translate('resources.approval.change.role', { role: translate(`resources.users.role_values.${target}`) });
  // an ip_access change: what it does to the list (the range is the target)
  if (kind === 'ip_access') return translate(`resources.approval.change.ip_access.${change.op}`, { cidr: target });
  return target;
}

/**
 * A control change (an approval's `change`, JSON of ControlChange) in the UI language: its target, then each value
 * that changes, from what to what ("Deposit / USD: One checker from 0.00 → 1000000.00"). Null for a money approval.
 */
export function describeChange(record: Record<string, unknown>, translate: Translate): string | null {
  if (typeof record.change !== 'string' || !record.change) return null;
  let change: ControlChange;
  try {
    change = JSON.parse(record.change) as ControlChange;
  } catch {
    return null;
  }
  const kind = String(record.kind);
  const from = change.from ?? {};
  const to = change.to ?? {};
  // an ip_access change's range and switch are said by its target text
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (k) => kind !== 'ip_access' || (k !== 'cidr' && k !== 'allow_list'),
  );
  const changed = keys.filter((k) => JSON.stringify(from[k] ?? null) !== JSON.stringify(to[k] ?? null));
  // (a change of the list that changes no note says only its target)
  const parts = (changed.length || kind === 'ip_access' ? changed : keys).map(
    (k) =>
      `${translate(`resources.approval.change.fields.${k}`)} ${valueText(k, from[k], translate)} → ${valueText(k, to[k], translate)}`,
  );
  const what = targetText(kind, change, translate);
  return parts.length ? `${what}: ${parts.join('; ')}` : what;
}
