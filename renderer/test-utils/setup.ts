// Renderer test setup (vitest project "renderer", happy-dom): fill the DOM APIs happy-dom lacks,
// unmount after each test and start every test with clean storage and the default bridge lookup.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setBridge } from '../src/api/bridge.js';

// Mantine's autosize Textarea listens for web fonts loading; happy-dom has no FontFaceSet.
if (!('fonts' in document) || !document.fonts) {
  const fonts = Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' });
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}

afterEach(() => {
  cleanup();
  setBridge(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
});
