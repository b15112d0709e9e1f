import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAudioPool, type AudioPool } from '@tarab/audio';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { CertificateRenderer } from '../src/modules/licenses/certificate-renderer.js';
import type { QuoteNotifier } from '../src/modules/quotes/quotes.service.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import type { Storage } from '../src/storage/storage.js';
import { seedPlans } from '../src/seed/plans.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  /** The app's audio worker pool (threads start on first use). */
  audio: AudioPool;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database and a temporary storage folder (fastify/demo's helper).
 * `options.storage` replaces the folder (e.g. an s3 storage); the caller keeps ownership of it.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    storage?: Storage;
    now?: () => number;
    notifyQuote?: QuoteNotifier;
    /** Replaces the app's certificate renderer (the caller closes it). */
    certificates?: CertificateRenderer;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedPlans(database.db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-test-'));
  const storage = options.storage ?? createLocalStorage(path.join(dataDir, 'media'));
  const config = testConfig({ dataDir, ...overrides });
  const audio = createAudioPool({ threads: config.audio.workers });
  const app = await buildApp({
    config,
    database,
    storage,
    audioPool: audio,
    // The clock jobs run when a test calls runOnce (with its own clock), not at minute boundaries.
    clockJobs: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.notifyQuote ? { notifyQuote: options.notifyQuote } : {}),
    ...(options.certificates ? { certificates: options.certificates } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    audio,
    dataDir,
    close: async () => {
      await app.close();
      await audio.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
