import { useState, type FormEvent } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNotify, useTranslate } from 'ra-core';
import { ApiError } from '../../dataProvider/http';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';
import { useEngineServices } from '../engine/context';
import type { FinderProps } from '../engine/types';

/**
 * Client search by exact username (spec section 5): the query is required; a client that is not found, or has no
 * account, is "not found"; a hit opens the client drawer.
 */
export function ClientSearch({ onFound }: FinderProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const { http } = useEngineServices();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (e: FormEvent) => {
    e.preventDefault();
    const username = query.trim();
    if (!username) return setError(translate('client.search.required'));
    setError(null);
    setBusy(true);
    try {
      const found = await http<{ id: number; accounts?: unknown[] }>('/client/admin/v1/username', {
        query: { username },
      });
      if (!found?.id || (Array.isArray(found.accounts) && found.accounts.length === 0)) {
        notify('client.search.not_found', { type: 'warning' });
      } else onFound(found.id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) notify('client.search.not_found', { type: 'warning' });
      else notifyFailure(err, 'client.search.failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={search} data-testid="client-search" style={{ marginRight: 'auto' }}>
      <TextField
        size="small"
        name="client_search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          if (error) setError(null);
        }}
        placeholder={translate('client.search.placeholder')}
        error={!!error}
        helperText={error ?? undefined}
        disabled={busy}
        sx={{ width: 240 }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" size="small" aria-label={translate('client.search.submit')} disabled={busy}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
