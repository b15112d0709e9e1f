import { defineConfig } from 'vitest/config';

// The benches' own checks (the initial-JavaScript budget): plain Node, no server.
export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    environment: 'node',
    include: ['web/**/*.test.ts'],
  },
});
