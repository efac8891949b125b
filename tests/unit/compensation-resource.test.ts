import { describe, expect, it } from 'vitest';
import compensation from '../../resources/compensation';
import type { ResourceConfig } from '../../resources/engine/types';
import { filtersOf, hasShow } from '../../resources/engine/schema';

describe('bonus-point records resource', () => {
  const config = compensation.config as ResourceConfig;

  it('lists compensation and bonus together (sub_type=credit), with a kind column and filter over sub_type', () => {
    expect(config.endpoints.list).toBe('/overdrawn/admin/v1/record/list?sub_type=credit');
    const kind = config.fields.find((f) => f.source === 'sub_type');
    expect(kind?.type).toBe('option');
    expect(kind?.options?.map((o) => [o.id, o.name])).toEqual([
      ['compensation', 'resources.compensation.sub_type_values.compensation'],
      ['bonus', 'resources.compensation.sub_type_values.bonus'],
    ]);
    expect(filtersOf(config).filter((f) => f.source === 'sub_type')).toHaveLength(1);
  });

  it('opens the overdrawn detail', () => {
    expect(config.endpoints.one).toBe('/overdrawn/admin/v1/detail/{id}');
    expect(hasShow(config)).toBe(true);
  });

  it('rolls back an approved credit through the overdrawn rollback path with an Idempotency-Key; nothing to audit', () => {
    expect(config.rowActions?.map((a) => a.name)).toEqual(['rollback']);
    const rollback = config.rowActions?.find((a) => a.name === 'rollback');
    expect(rollback?.run).toMatchObject({ method: 'PUT', path: '/overdrawn/admin/v1/rollback/{id}' });
    expect(rollback?.idempotent).toBe(true);
    expect(rollback?.permission).toEqual({ action: 'approve' });
    expect(rollback?.when?.({ status: 'approved' } as never)).toBe(true);
    expect(rollback?.when?.({ status: 'rolled_back' } as never)).toBe(false);
  });
});
