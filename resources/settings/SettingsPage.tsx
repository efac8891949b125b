import { http, profile, refresher, tokenStore } from '../../src/services';
import { EngineServicesProvider, type EngineServices } from '../engine/context';
import { createStreamOpener } from '../engine/export';
import { SettingsView } from './SettingsView';

/** The running console's engine services (as the generated pages have them). */
const services: EngineServices = {
  http,
  openStream: createStreamOpener({ profile, tokens: tokenStore, refresh: () => refresher.refreshNow() }),
};

/** The App settings page of the running console (resources/settings/SettingsView.tsx). */
export default function SettingsPage() {
  return (
    <EngineServicesProvider value={services}>
      <SettingsView />
    </EngineServicesProvider>
  );
}
