/** The access and refresh token of a signed-in session. */
export interface Tokens {
  access: string;
  refresh: string;
}

/** Where the session's tokens live: localStorage when "remember me" was ticked, else sessionStorage. */
export interface TokenStore {
  /** The stored tokens, or null when there are none. */
  get(): Tokens | null;
  /** Stores the tokens; `remember` picks localStorage over sessionStorage and is kept for later writes. */
  set(tokens: Tokens, remember: boolean): void;
  /** Forgets the tokens in both storages. */
  clear(): void;
  /** Whether the stored tokens were remembered (live in localStorage). */
  remembered(): boolean;
}

/** The storage key of the tokens (same key in both storages). */
export const TOKENS_KEY = 'bo.tokens';

interface StorageSource {
  local?: () => Storage | undefined;
  session?: () => Storage | undefined;
}

function read(storage: Storage | undefined): Tokens | null {
  const raw = storage?.getItem(TOKENS_KEY);
  if (!raw) return null;
  try {
    const t = JSON.parse(raw) as Partial<Tokens>;
    return typeof t?.access === 'string' ? { access: t.access, refresh: t.refresh as string } : null;
  } catch {
    return null;
  }
}

/** A token store over the given storages (defaults: the window's; resolved on each call so tests can reset them). */
export function createTokenStore(source: StorageSource = {}): TokenStore {
  const local = source.local ?? (() => globalThis.localStorage);
  const session = source.session ?? (() => globalThis.sessionStorage);
  return {
    get: () => read(local()) ?? read(session()),
    set(tokens, remember) {
      const [keep, drop] = remember ? [local(), session()] : [session(), local()];
      drop?.removeItem(TOKENS_KEY);
      keep?.setItem(TOKENS_KEY, JSON.stringify({ access: tokens.access, refresh: tokens.refresh }));
    },
    clear() {
      local()?.removeItem(TOKENS_KEY);
      session()?.removeItem(TOKENS_KEY);
    },
    remembered: () => read(local()) !== null,
  };
}

/** The console's token store. */
export const tokenStore: TokenStore = createTokenStore();
