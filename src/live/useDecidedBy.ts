import { useState } from 'react';
import type { Identifier } from 'ra-core';
import type { LiveEvent } from '../../domain/live-events';
import { usePermissionPayload } from '../permissions/useCan';
import { useLiveEvents } from './liveStore';

/**
 * Who else decided the record `recordId` of `resource` while it is open here (a live event `decided` by another staff
 * member; `{ id: 0, name: '' }` when the client or the system did), else null: a decision dialog says so and offers
 * no second decision, which the API would refuse anyway (409).
 */
export function useDecidedBy(resource: string, recordId: Identifier | undefined): NonNullable<LiveEvent['by']> | null {
  const me = usePermissionPayload()?.userId;
  const [by, setBy] = useState<NonNullable<LiveEvent['by']> | null>(null);
  useLiveEvents((e) => {
    if (!e || e.action !== 'decided' || recordId === undefined || String(e.record_id) !== String(recordId)) return;
    if (!e.resources.includes(resource) || (e.by && e.by.id === me)) return;
    setBy(e.by ?? { id: 0, name: '' });
  });
  return by;
}
