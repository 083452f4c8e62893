/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const webRoot = import.meta.dirname;
const workspaceRoot = `${webRoot}/../..`;

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // .br and .gz beside each asset, served by the API as they are (no compression per request).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|json)$/,
      threshold: 1024,
    }),
  ],

  resolve: {
    alias: {
      // Use the contracts' TypeScript sources directly: no build of the library is needed.
      '@clearroom/contracts': `${workspaceRoot}/libs/contracts/src/index.ts`,
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Keep the Host header (no changeOrigin): the API's same-origin check compares it with Origin.
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: `${workspaceRoot}/dist/apps/web`,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // jsdom renders MUI slowly; under a loaded CI machine a render-heavy test can take seconds.
    testTimeout: 20_000,

    unstubGlobals: true,
  },
});
