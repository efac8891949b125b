import { describe, expect, it } from 'vitest';
import { canAccessWith } from '../../authProvider/access';
import { loadRole } from '../../permissions';
import { registryChains } from '../../resources/registry';

const grants = (role: string) => loadRole(role).grants;

describe('canAccess (react-admin actions over our grants, along the menu chain)', () => {
  it('maps react-admin view actions to spec actions', () => {
    expect(canAccessWith(grants('hero'), { resource: 'client', action: 'list' }, registryChains)).toBe(true);
    expect(canAccessWith(grants('hero'), { resource: 'client', action: 'edit' }, registryChains)).toBe(true);
    expect(canAccessWith(grants('hero'), { resource: 'client', action: 'delete' }, registryChains)).toBe(false);
    expect(canAccessWith(grants('hero'), { resource: 'client', action: 'fund' }, registryChains)).toBe(false);
    expect(canAccessWith(grants('angel'), { resource: 'client', action: 'fund' }, registryChains)).toBe(true);
  });

  it("checks a leaf through its menu parents (funds opens deposit for a supervisor, not a leader's write)", () => {
    expect(canAccessWith(grants('angel'), { resource: 'deposit', action: 'approve' }, registryChains)).toBe(true);
    expect(canAccessWith(grants('superman'), { resource: 'deposit', action: 'list' }, registryChains)).toBe(true);
    expect(canAccessWith(grants('superman'), { resource: 'deposit', action: 'approve' }, registryChains)).toBe(false);
  });

  it('passes a check without resource or action and refuses without grants', () => {
    expect(canAccessWith(undefined, {}, registryChains)).toBe(true);
    expect(canAccessWith(undefined, { resource: 'client', action: 'list' }, registryChains)).toBe(false);
  });
});
