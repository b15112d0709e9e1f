import { Redis } from 'ioredis';

/**
 * A Redis connection for what several server processes must agree on (rate-limit counters, catalog
 * change notices). It fails fast instead of queueing: a command while Redis is unreachable rejects at
 * once (the caller answers 503), and the client keeps reconnecting in the background.
 */
export function connectRedis(url: string, onError: (err: Error) => void): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener an unreachable Redis would be an unhandled 'error' event (a crash).
  client.on('error', onError);
  return client;
}

/** Resolves once the client is connected (or rejects after `timeoutMs`). */
export async function redisReady(client: Redis, timeoutMs = 5_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}

/** Closes the connection, waiting for replies in flight; never throws. */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}

export type { Redis };
