import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPermissionCache, type PermissionCache } from '../../permissions/cache';
import { Guard } from '../../src/permissions/Guard';
import { PermissionsProvider } from '../../src/permissions/PermissionsContext';
import { useCan } from '../../src/permissions/useCan';
import type { PermissionPayload, Role } from '../../permissions';
import { permissionPayload } from './msw';

function cacheFor(role: Role) {
  let answer = permissionPayload({ id: 1, role }) as PermissionPayload;
  const cache = createPermissionCache({ fetch: async () => answer });
  const become = async (r: Role) => {
    answer = permissionPayload({ id: 1, role: r }) as PermissionPayload;
    await act(() => cache.refetch(r));
  };
  return { cache, become };
}

function Probe({ resource, action }: { resource?: string; action?: string }) {
  return <span data-testid="can">{String(useCan(resource, action))}</span>;
}

const renderAt = (cache: PermissionCache, path: string, ui: React.ReactNode) =>
  render(
    <PermissionsProvider cache={cache}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PermissionsProvider>,
  );

describe('useCan', () => {
  it('checks an explicit resource and action', async () => {
    const { cache, become } = cacheFor('hero');
    await become('hero');
    renderAt(cache, '/dashboard', <Probe resource="client" action="robot" />);
    expect(screen.getByTestId('can')).toHaveTextContent('true');
  });

  it('takes the resource from the route: the leaf, then its parent', async () => {
    const { cache, become } = cacheFor('angel');
    await become('angel');
    // angel has no grant on "deposit" itself but all actions on its parent "funds"
    renderAt(cache, '/deposit', <Probe action="approve" />);
    expect(screen.getByTestId('can')).toHaveTextContent('true');
  });

  it('denies on a route the role may not use, and passes without an action', async () => {
    const { cache, become } = cacheFor('hero');
    await become('hero');
    const { unmount } = renderAt(cache, '/users', <Probe action="read" />);
    expect(screen.getByTestId('can')).toHaveTextContent('false');
    unmount();
    renderAt(cache, '/users', <Probe />);
    expect(screen.getByTestId('can')).toHaveTextContent('true');
  });

  it('is re-evaluated when the permissions change', async () => {
    const { cache, become } = cacheFor('hero');
    await become('hero');
    renderAt(cache, '/client', <Probe action="fund" />);
    expect(screen.getByTestId('can')).toHaveTextContent('false');
    await become('god');
    expect(screen.getByTestId('can')).toHaveTextContent('true');
    act(() => cache.clear());
    expect(screen.getByTestId('can')).toHaveTextContent('false');
  });
});

describe('Guard', () => {
  const buttons = (
    <>
      <Guard resource="client" action="fund" mode="hide">
        <button>hidden</button>
      </Guard>
      <Guard resource="client" action="fund" mode="disable">
        <button>disabled</button>
      </Guard>
      <Guard resource="client" action="fund" mode="inert">
        <button>inert</button>
      </Guard>
    </>
  );

  it('hides, disables or makes inert when not allowed', async () => {
    const { cache, become } = cacheFor('hero');
    await become('hero');
    renderAt(cache, '/client', buttons);
    expect(screen.queryByRole('button', { name: 'hidden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'disabled' })).toBeDisabled();
    const inert = screen.getByText('inert');
    expect(inert).toBeEnabled();
    expect(inert.parentElement).toHaveAttribute('inert');
    expect(inert.parentElement).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders the children untouched when allowed, and follows permission changes', async () => {
    const { cache, become } = cacheFor('hero');
    await become('hero');
    renderAt(cache, '/client', buttons);
    await become('god');
    expect(screen.getByRole('button', { name: 'hidden' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'disabled' })).toBeEnabled();
    expect(screen.getByText('inert').parentElement).not.toHaveAttribute('inert');
    await become('superman');
    expect(screen.queryByRole('button', { name: 'hidden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'disabled' })).toBeDisabled();
  });

  it('takes the resource from the route meta', async () => {
    const { cache, become } = cacheFor('superman');
    await become('superman');
    renderAt(
      cache,
      '/message',
      <>
        <Guard action="create">
          <button>new message</button>
        </Guard>
        <Guard action="delete">
          <button>delete message</button>
        </Guard>
      </>,
    );
    expect(screen.getByRole('button', { name: 'new message' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'delete message' })).toBeNull();
  });
});
