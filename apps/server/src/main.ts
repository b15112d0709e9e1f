import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { prepareRuntime } from './bootstrap.js';
import { loadConfig } from './config.js';

const baseConfig = loadConfig();
const say = (message: string) => {
  if (baseConfig.logLevel !== 'silent') process.stdout.write(`${message}\n`);
};

const started = performance.now();
const { database, storage, config } = await prepareRuntime(baseConfig, { info: say });
const app = await buildApp({ config, database, storage });
app.addHook('onClose', async () => {
  await database.close();
});

closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'fatal error, closing');
  else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
say(
  `Tarab is serving at http://${shown}:${port} (database: ${database.kind}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
