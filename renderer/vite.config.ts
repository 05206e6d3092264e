import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * This folder as an absolute path, without Node's `path`/`url` (the renderer lint bans Node builtins).
 * `import.meta.url` is the config file's own URL when Vite bundles the config.
 */
const rendererRoot = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(
  /^\/([A-Za-z]:)/,
  '$1',
);

/**
 * Renderer build: `vite build --config renderer/vite.config.ts` from the repository root.
 * `base: './'` because Electron loads the bundle from `file://`; the browser host serves the same files.
 */
export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${rendererRoot}../dist/renderer`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1', strictPort: false },
});
