// Renderer test setup (vitest project "renderer", happy-dom): unmount after each test and start
// every test with clean storage and the default bridge lookup.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setBridge } from '../src/api/bridge.js';

afterEach(() => {
  cleanup();
  setBridge(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
});
