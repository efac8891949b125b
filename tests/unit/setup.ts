import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { loadResourceMessages } from '../../i18n';

// findBy* and waitFor wait for what a person waits for, as long as a loaded machine needs (a hang still ends at the
// test's timeout, vitest.unit.config.ts); the library's default second fails under load.
configure({ asyncUtilTimeout: 60_000 });

// The console loads the resources' messages with the first resource page; components tested alone have them already.
await loadResourceMessages();

// Every test starts with empty storages and an unmounted DOM.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
