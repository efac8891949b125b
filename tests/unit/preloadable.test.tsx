import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../src/preloadable';

const Page = ({ label }: { label: string }) => <p>{label}</p>;

describe('preloadable', () => {
  it('renders a module loaded before without suspending: no fallback is ever shown', async () => {
    const C = preloadable(() => Promise.resolve({ default: Page }));
    await C.load();
    render(
      <Suspense fallback={<p>loading</p>}>
        <C label="rows" />
      </Suspense>,
    );
    // in the first commit, synchronously (a lazy component shows its fallback here, however resolved its import)
    expect(screen.getByText('rows')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends while its module loads, then shows it; the import runs once', async () => {
    let calls = 0;
    let resolve!: (m: { default: typeof Page }) => void;
    const C = preloadable(() => {
      calls += 1;
      return new Promise<{ default: typeof Page }>((r) => (resolve = r));
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <C label="rows" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    void C.load();
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByText('rows')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('tries a failed import again on the next load', async () => {
    let calls = 0;
    const C = preloadable(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page });
    });
    await expect(C.load()).rejects.toThrow('offline');
    await expect(C.load()).resolves.toMatchObject({ default: Page });
    expect(calls).toBe(2);
  });
});
