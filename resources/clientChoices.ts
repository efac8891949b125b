import { CLIENT_SEARCH_MAX } from '../domain/client';
import type { ChoiceSearch, SearchContext } from './engine/types';

/** A client as the list and the detail answer it, as far as a picker reads it. */
interface ClientLabel {
  id: number;
  username: string;
  full_name?: string | null;
}

/** How many clients one search shows (the staff member types more to narrow it). */
export const CLIENT_SEARCH_PAGE = 20;

const choiceOf = (c: ClientLabel) => ({
  id: c.id,
  name: c.full_name ? `${c.username} (${c.full_name})` : c.username,
});

/** The first page of the clients in the caller's scope matching `text` (the client list's `q`), by username. */
async function findClients({ http, signal }: SearchContext, text: string): Promise<ClientLabel[]> {
  const answer = await http<{ data: ClientLabel[] }>('/client/admin/v1/list', {
    query: { q: text.slice(0, CLIENT_SEARCH_MAX), page_size: CLIENT_SEARCH_PAGE, sort: 'username', order: 'asc' },
    signal,
  });
  return answer?.data ?? [];
}

/**
 * The clients in the caller's scope whose username, full name or mobile starts with the typed text, as picker
 * choices "username (full name)" whose value is the client's id: a form's client is picked by searching (placing an
 * order, a client's trading permission rule), a tenant may have 100,000 of them.
 */
export const clientSearch: ChoiceSearch = {
  find: async (ctx, text) => (await findClients(ctx, text)).map(choiceOf),
  async one({ http, signal }, id) {
    const c = await http<ClientLabel | null>(`/client/admin/v1/detail/${encodeURIComponent(String(id))}`, { signal });
    return c ? choiceOf(c) : null;
  },
};

/** The same search for a form whose API takes the client's username (a message to one client): the value is it. */
export const clientUsernameSearch: ChoiceSearch = {
  find: async (ctx, text) => (await findClients(ctx, text)).map((c) => ({ ...choiceOf(c), id: c.username })),
  one: async (_ctx, username) => ({ id: username, name: String(username) }),
};
