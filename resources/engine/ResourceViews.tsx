import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { ResourceContextProvider, useRouterProvider } from 'ra-core';
import { Loading } from 'react-admin';
import { ResourceList } from './ResourceList';
import { hasCreate, hasEdit, hasShow } from './schema';
import type { LazyComponent, ResourceConfig, ViewProps } from './types';

// The generated views other than the list load on first use: a list page does not carry the form engine.
const ResourceShow = lazy(() => import('./ResourceShow').then((m) => ({ default: m.ResourceShow })));
const ResourceEdit = lazy(() => import('./ResourceEdit').then((m) => ({ default: m.ResourceEdit })));
const ResourceCreate = lazy(() => import('./ResourceEdit').then((m) => ({ default: m.ResourceCreate })));
const SinglePage = lazy(() => import('./SinglePage').then((m) => ({ default: m.SinglePage })));

/** Fetches the generated views' chunks in the background once a resource page shows, so opening one does not wait. */
function prefetchViews(): void {
  void import('./ResourceShow');
  void import('./ResourceEdit');
  void import('./SinglePage');
}

const replacements = new WeakMap<LazyComponent<ViewProps>, ComponentType<ViewProps>>();

/** The view of a config: its lazily loaded replacement, else the generated one. */
function view(
  loader: LazyComponent<ViewProps> | undefined,
  generated: ComponentType<ViewProps>,
): ComponentType<ViewProps> {
  if (!loader) return generated;
  let component = replacements.get(loader);
  if (!component) {
    component = lazy(loader);
    replacements.set(loader, component);
  }
  return component;
}

/**
 * A resource's routes below its menu path, react-admin style: the list at the path (or the single-form page), the
 * create view at `create`, the edit view at `:id`, the show view at `:id/show`. Mount it at `<path>/*`.
 */
export function ResourceViews({ config }: { config: ResourceConfig }) {
  // react-admin's router components, so the views share its router whichever one the console runs on
  const { Routes, Route } = useRouterProvider();
  useEffect(prefetchViews, []);
  const ListView = view(config.views?.list, ResourceList);
  const ShowView = view(config.views?.show, ResourceShow);
  const EditView = view(config.views?.edit, ResourceEdit);
  const CreateView = view(config.views?.create, ResourceCreate);
  return (
    <ResourceContextProvider value={config.name}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={config.single ? <SinglePage config={config} /> : <ListView config={config} />} />
          {hasCreate(config) && <Route path="create" element={<CreateView config={config} />} />}
          {hasShow(config) && <Route path=":id/show" element={<ShowView config={config} />} />}
          {hasEdit(config) && <Route path=":id" element={<EditView config={config} />} />}
        </Routes>
      </Suspense>
    </ResourceContextProvider>
  );
}
