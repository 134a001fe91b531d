import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The console is served by the gateway under /console/; nothing is loaded from elsewhere. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  // Preact's automatic JSX runtime, without a framework plugin (none is needed to build).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
