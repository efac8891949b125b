/**
 * The running console's services (services/index.ts wires them): one instance for the tenant profile of the URL or
 * the stored choice, with the registry's permission chains. The shell imports these; tests build their own.
 */
import { tokenStore as defaultTokenStore } from '../authProvider/tokens';
import { registryChains } from '../resources/registry';
import { createServices, type Services } from '../services';
import { DEFAULT_PROFILE, PROFILES, resolveProfile, UnknownProfileError, type Profile } from './config/profiles';

export type { AppSettings, CaptchaResponse, Services } from '../services';

/** Set when the `profile` query/stored value names no profile; the shell shows it instead of the console. */
export let profileError: UnknownProfileError | null = null;

function activeProfile(): Profile {
  try {
    return resolveProfile();
  } catch (e) {
    if (!(e instanceof UnknownProfileError)) throw e;
    profileError = e;
    return PROFILES[DEFAULT_PROFILE];
  }
}

/** The running console's services. */
export const services: Services = createServices({
  profile: activeProfile(),
  tokens: defaultTokenStore,
  chains: registryChains,
});

export const {
  profile,
  tokenStore,
  refresher,
  http,
  authMachine,
  authProvider,
  dataProvider,
  permissionCache,
  api,
  addRequestListener,
} = services;
