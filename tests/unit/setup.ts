import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { loadResourceMessages } from '../../i18n';

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
