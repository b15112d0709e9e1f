import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'audio',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    // Pure functions over buffers: the files of a worker share one module graph (as apps/server).
    isolate: false,
  },
});
