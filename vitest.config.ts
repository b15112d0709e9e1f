import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each folder may carry its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/audio', 'apps/server', 'apps/web'],
  },
});
