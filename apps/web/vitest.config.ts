import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { markdownDocuments } from './src/features/legal/lib/compile-markdown';
import { compiledCatalogues } from './src/lib/i18n/precompile-messages';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), markdownDocuments(), compiledCatalogues()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    testTimeout: 30_000,
    // The files of a worker share one module graph and jsdom (a quarter of the time isolated runs
    // take). So no test mocks a module (`vi.mock` would miss a module an earlier file imported):
    // tests observe what the code does (fetch stubs, recordDownloads), and restore what they stub.
    isolate: false,
  },
});
