import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useIdempotencyKey } from '../../resources/client/dialogs/useIdempotencyKey';
import { useRate } from '../../resources/client/dialogs/useRate';
import { ClientHookContext, deferred } from './client.helpers';
import { api, server, installMsw } from './msw';

installMsw();

describe('useIdempotencyKey', () => {
  it('keeps one key per opening and makes a new one when the dialog opens again or on renew', () => {
    const { result, rerender } = renderHook(({ open }) => useIdempotencyKey(open), { initialProps: { open: true } });
    const first = result.current.key;
    rerender({ open: true });
    expect(result.current.key).toBe(first);
    rerender({ open: false });
    rerender({ open: true });
    const second = result.current.key;
    expect(second).not.toBe(first);
    act(() => result.current.renew());
    expect(result.current.key).not.toBe(second);
  });
});

describe('useRate', () => {
  it('is 1 for the same currency without a request, nothing without a pair', () => {
    const { result, rerender } = renderHook(({ a, b }) => useRate(a, b), {
      initialProps: { a: 'USD', b: 'USD' } as { a: string | null; b: string | null },
      wrapper: ClientHookContext,
    });
    expect(result.current).toEqual({ rate: 1, loading: false, error: false });
    rerender({ a: null, b: 'USD' });
    expect(result.current.rate).toBeNull();
  });

  it('keeps only the answer to the latest pair', async () => {
    const slow = deferred();
    server.use(
      http.get(api('/currency/admin/v1/rate'), async ({ request }) => {
        const secondary = new URL(request.url).searchParams.get('secondary');
        if (secondary === 'CNY') {
          await slow.promise;
          return HttpResponse.json(7.2);
        }
        return HttpResponse.json(0.91);
      }),
    );
    const onError = vi.fn();
    const { result, rerender } = renderHook(({ b }) => useRate('USD', b, onError), {
      initialProps: { b: 'CNY' },
      wrapper: ClientHookContext,
    });
    expect(result.current.loading).toBe(true);
    rerender({ b: 'EUR' });
    await waitFor(() => expect(result.current.rate).toBe(0.91));
    await act(async () => {
      slow.resolve();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(result.current).toEqual({ rate: 0.91, loading: false, error: false, failure: null });
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failure once, and a rate that is not positive counts as a failure', async () => {
    server.use(http.get(api('/currency/admin/v1/rate'), () => HttpResponse.json(0)));
    const onError = vi.fn();
    const { result } = renderHook(() => useRate('USD', 'JPY', onError), { wrapper: ClientHookContext });
    await waitFor(() => expect(result.current.error).toBe(true));
    expect(result.current.rate).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
