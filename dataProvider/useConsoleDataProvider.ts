import { useDataProvider } from 'ra-core';
import type { ConsoleDataProvider } from './index';

/**
 * react-admin's dataProvider of the console (`useDataProvider`: its calls log the user out when the authProvider
 * sees an authentication error), typed with the console's own `call`.
 */
export const useConsoleDataProvider = (): ConsoleDataProvider => useDataProvider<ConsoleDataProvider>();
