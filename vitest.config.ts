import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each starts the real server or renders audio): started first, so
 * that on a small machine the run does not end with one of them alone on one worker.
 */
const LONGEST_FIRST = [
  'apps/server/test/server-process.test.ts',
  'apps/server/test/load/short-load.test.ts',
  'apps/server/src/modules/ingest/ingest.routes.test.ts',
  'apps/server/src/cli/user-commands.test.ts',
  'packages/audio/src/ingest/tempo.test.ts',
];
const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST_FIRST.length : index;
};

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Array.prototype.sort is stable: Vitest's own order (cached durations, sizes) otherwise.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// One `vitest run` covers every workspace; each folder may carry its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/audio', 'apps/server', 'apps/web', 'bench'],
    // Vitest's default for `run` is one worker less than the cores: one on a 2-core machine. The
    // test files wait on child processes, sockets and the database as much as they compute, so
    // one per core (VITEST_MAX_WORKERS overrides it).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism()),
    sequence: { sequencer: LongestFirstSequencer },
  },
});
