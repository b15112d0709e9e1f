import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from './pglite-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder (a tar) that createTestDatabase copies; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** Once per run: migrate one PGlite database, which every test file then copies. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const file = await writePgliteTemplate();
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}
