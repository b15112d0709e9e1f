import closeWithGrace from 'close-with-grace';
import { createAudioPool } from '@tarab/audio';
import { buildApp } from './app.js';
import { prepareRuntime } from './bootstrap.js';
import { backfillAuditions } from './seed/audition-backfill.js';
import { ConfigError, loadConfig, type Config } from './config.js';

/** A refused configuration: one line naming what to set, no stack trace (an operator's mistake, not a crash). */
async function orExit<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const baseConfig: Config = await orExit(() => loadConfig());
const say = (message: string) => {
  if (baseConfig.logLevel !== 'silent') process.stdout.write(`${message}\n`);
};

const started = performance.now();
// One pool of audio worker threads for the whole process: demo rendering, upload analysis, delivery files.
const audioPool = createAudioPool({
  threads: baseConfig.audio.workers,
  onThreadError: (err) => process.stderr.write(`An audio worker thread died: ${err.message}\n`),
});
// Also refused here: demo accounts in a database where they are not wanted (bootstrap.ts).
const { database, storage, config } = await orExit(() => prepareRuntime(baseConfig, { info: say }, audioPool));
const app = await buildApp({ config, database, storage, audioPool });

closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'fatal error, closing');
  else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await app.close();
  // After the app's own hooks (the job queue and the ingest worker finish their work first): Fastify
  // runs onClose hooks in reverse order, so these are not hooks.
  await audioPool.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const shown = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// Loops stored before audition files existed get theirs (decision 043): in the background, on the pool.
backfillAuditions(database, storage, { info: say }, (mp3) => audioPool.audition(mp3)).catch((err: unknown) =>
  app.log.error({ err }, 'making loop audition files failed'),
);
say(
  `Tarab is serving at http://${shown}:${port} (database: ${database.kind}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
