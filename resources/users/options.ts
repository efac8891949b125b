import { STAFF_ROLES } from '../../domain/user';
import type { OptionSet, OptionTone } from '../labels';

const TONES: Record<string, OptionTone> = { god: 'error', angel: 'warning', superman: 'info', hero: 'default' };

/** The roles, highest first, labelled from the definition (`resources.users.role_values.<role>`). */
export const roleOptions: OptionSet = STAFF_ROLES.map((id) => ({
  id,
  name: `resources.users.role_values.${id}`,
  tone: TONES[id],
}));

/** Whether an authenticator is bound (the row's `mfa`). */
export const mfaOptions: OptionSet = [
  { id: true, name: 'resources.users.mfa_values.bound', tone: 'success' },
  { id: false, name: 'resources.users.mfa_values.unbound' },
];
