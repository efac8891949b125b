// Unit suite global setup: reads the API's route table with its response schemas once per run and hands it to the
// workers (inject('apiContract')), where msw checks every mocked answer against it (tests/unit/msw.ts).
import type { TestProject } from 'vitest/node';
import { loadApiContract } from '../contract/api-routes';
import type { ApiContract } from '../contract/validator';

declare module 'vitest' {
  export interface ProvidedContext {
    apiContract: ApiContract;
  }
}

/** Provides the API contract to the unit test workers. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('apiContract', await loadApiContract());
}
