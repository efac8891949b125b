import { createContext, useContext, type ReactNode } from 'react';
import type { Http } from '../../dataProvider/http';
import type { OpenStream } from './export';

/** What the generated views call: the http client for actions and a stream opener for CSV export. */
export interface EngineServices {
  http: Http;
  openStream: OpenStream;
}

const EngineServicesContext = createContext<EngineServices | null>(null);

/** Supplies the services to the generated views below it. */
export function EngineServicesProvider({ value, children }: { value: EngineServices; children: ReactNode }) {
  return <EngineServicesContext.Provider value={value}>{children}</EngineServicesContext.Provider>;
}

/** The services of the generated views; throws outside an EngineServicesProvider. */
export function useEngineServices(): EngineServices {
  const services = useContext(EngineServicesContext);
  if (!services) throw new Error('useEngineServices must be used inside an EngineServicesProvider');
  return services;
}
