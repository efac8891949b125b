import type { RaRecord } from 'ra-core';
import type { Http } from '../dataProvider/http';

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

/** Staff of some roles (the whole list, not a page) as choices "name (username)", sorted by name. */
async function staffChoices(http: Http, roles: readonly string[], activeOnly: boolean) {
  const answer = await http<{ data: StaffRow[] }>('/user/v1/list', {
    query: { full: true, role: roles.join(','), active: activeOnly ? true : undefined, sort: 'name', order: 'asc' },
  });
  return (answer?.data ?? []).map((s) => ({ id: s.id, name: `${s.name} (${s.username})` }));
}

/**
 * The choices of the change-agent dialog: active salesmen and team leaders of the tenant, without the client's
 * current agent.
 */
export async function agentChoices({ http, record }: { http: Http; record?: RaRecord }) {
  return (await staffChoices(http, AGENT_ROLES, true)).filter((s) => s.id !== record?.agent_id);
}

/** The grant the staff pickers' list call (`GET /user/v1/list`) needs; a salesman sees only his own clients anyway. */
export const STAFF_LIST = { resource: 'users', action: 'read' };

/** The agent filters (clients, funds records): every salesman and team leader (a disabled one may still have clients). */
export const agentFilterChoices = ({ http }: { http: Http }) => staffChoices(http, AGENT_ROLES, false);

/** The client list's team filter: every team leader. */
export const leaderFilterChoices = ({ http }: { http: Http }) => staffChoices(http, ['superman'], false);
