import { describe, expect, it } from 'vitest';
import compensation from '../../resources/compensation';
import type { ResourceConfig } from '../../resources/engine/types';

describe('bonus-point records resource', () => {
  const config = compensation.config as ResourceConfig;

  it('lists compensation and bonus together (sub_type=credit)', () => {
    expect(config.endpoints.list).toBe('/overdrawn/admin/v1/record/list?sub_type=credit');
  });

  it('rolls back an approved credit through the overdrawn rollback path with an Idempotency-Key', () => {
    const rollback = config.rowActions?.find((a) => a.name === 'rollback');
    expect(rollback?.run).toMatchObject({ method: 'PUT', path: '/overdrawn/admin/v1/rollback/{id}' });
    expect(rollback?.idempotent).toBe(true);
    expect(rollback?.permission).toEqual({ action: 'approve' });
    expect(rollback?.when?.({ status: 'approved' } as never)).toBe(true);
    expect(rollback?.when?.({ status: 'rolled_back' } as never)).toBe(false);
  });
});
