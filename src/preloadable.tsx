import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose module can be loaded ahead of its first render. */
export type Preloadable<M extends { default: ComponentType<any> }> = ComponentType<
  M['default'] extends ComponentType<infer P> ? P : never
> & {
  /** Starts the import once (again after a failure); answers the module. */
  load: () => Promise<M>;
};

/**
 * React.lazy that renders without suspending when its module was loaded before (preloaded from the login form or the
 * menu). A lazy component suspends on its first render even when its import has resolved, and React then reveals
 * the boundary's content no sooner than 300 ms after its fallback showed (its fallback throttle): sign-in and a
 * preloaded list each waited up to that long for code they already had (bench/results.md). Each instance keeps the
 * way it started, so a render after the load does not remount what the lazy one showed.
 */
export function preloadable<M extends { default: ComponentType<any> }>(factory: () => Promise<M>): Preloadable<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= factory().then(
      (m) => (module = m),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Lazy: ComponentType<object> = lazy(load);
  function PreloadedComponent(props: object) {
    const [Loaded] = useState<ComponentType<object> | undefined>(() => module?.default);
    const Shown = Loaded ?? Lazy;
    return <Shown {...props} />;
  }
  return Object.assign(PreloadedComponent, { load }) as unknown as Preloadable<M>;
}
