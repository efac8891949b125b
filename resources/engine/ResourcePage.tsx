import type { ComponentType } from 'react';
import { profile, refresher, tokenStore, http } from '../../src/services';
import { EngineServicesProvider, type EngineServices } from './context';
import { createStreamOpener } from './export';
import { ResourceViews } from './ResourceViews';
import type { ResourceConfig } from './types';

/** The running console's engine services: its http client, and export streams with the same headers. */
const services: EngineServices = {
  http,
  openStream: createStreamOpener({ profile, tokens: tokenStore, refresh: () => refresher.refreshNow() }),
};

const pages = new WeakMap<ResourceConfig, ComponentType>();

/** The page component of a resource (one per config, so its state survives re-renders of the shell). */
export function pageOf(config: ResourceConfig): ComponentType {
  let page = pages.get(config);
  if (!page) {
    page = function ResourcePage() {
      return (
        <EngineServicesProvider value={services}>
          <ResourceViews config={config} />
        </EngineServicesProvider>
      );
    };
    pages.set(config, page);
  }
  return page;
}
