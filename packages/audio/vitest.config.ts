import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'audio',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
