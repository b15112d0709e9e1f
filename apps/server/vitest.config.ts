import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated PGlite database per run, copied by each test file (test/test-database.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // The test files of a worker share one module graph (no re-import of the server per file: about a
    // minute of CPU per run). Each file builds its own app and database, so nothing else is shared;
    // a test that changes a global (timers, env, stubs) puts it back.
    isolate: false,
  },
});
