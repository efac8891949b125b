import type { RaRecord } from 'ra-core';
import type { Http } from '../../dataProvider/http';

/** The roles a client's agent may have: salesmen (hero) and team leaders (superman). */
export const AGENT_ROLES = ['hero', 'superman'] as const;

/** A staff member as `GET /user/v1/list` answers it. */
export interface StaffRow {
  id: number;
  username: string;
  name: string;
  role: string;
  active: boolean;
  leader_id?: number | null;
  leader_name?: string | null;
  create_datetime?: string;
}

/**
 * The choices of the change-agent dialog: active salesmen and team leaders of the tenant (the whole list, not a
 * page), shown as "name (username)" and sorted by name, without the client's current agent.
 */
export async function agentChoices({ http, record }: { http: Http; record?: RaRecord }) {
  const answer = await http<{ data: StaffRow[] }>('/user/v1/list', {
    query: { full: true, role: AGENT_ROLES.join(','), active: true, sort: 'name', order: 'asc' },
  });
  return (answer?.data ?? [])
    .filter((s) => s.id !== record?.agent_id)
    .map((s) => ({ id: s.id, name: `${s.name} (${s.username})` }));
}
