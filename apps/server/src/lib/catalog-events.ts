import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisReady } from './redis.js';

/**
 * Notice that the catalog changed (a track published, edited, repriced or withdrawn), so caches of
 * catalog answers drop what they hold. In one process the listeners run at once. With Redis (several
 * processes) the notice is also published on a channel every process subscribes to, so a change made
 * on one process empties the caches of all of them within milliseconds (decision 011: without Redis,
 * other processes see it when their caches expire, 10–30 s).
 */
export interface CatalogEvents {
  onChange(listener: () => void): void;
  changed(): void;
  close(): Promise<void>;
}

export function createCatalogEvents(): CatalogEvents {
  const listeners: (() => void)[] = [];
  return {
    onChange: (listener) => listeners.push(listener),
    changed: () => listeners.forEach((listener) => listener()),
    close: async () => undefined,
  };
}

/**
 * `publisher` is the app's shared connection; `subscriber` is a connection of its own (a subscribed
 * Redis connection can do nothing else), closed with the events. A notice that cannot be published
 * (Redis down) is logged: the other processes' caches still expire within their TTL.
 */
export async function createRedisCatalogEvents(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
  onError: (err: unknown) => void,
): Promise<CatalogEvents> {
  const CATALOG_CHANNEL = `${prefix}catalog-changed`;
  const local = createCatalogEvents();
  const self = randomUUID();
  subscriber.on('message', (channel: string, from: string) => {
    if (channel === CATALOG_CHANNEL && from !== self) local.changed();
  });
  // Subscribed once connected (ioredis subscribes again by itself after a reconnect).
  const subscribe = () => subscriber.subscribe(CATALOG_CHANNEL).then(() => undefined, onError);
  try {
    await redisReady(subscriber, 3_000);
    await subscribe();
  } catch (error) {
    onError(error);
    subscriber.once('ready', () => void subscribe());
  }
  return {
    onChange: local.onChange,
    changed() {
      local.changed();
      publisher.publish(CATALOG_CHANNEL, self).catch(onError);
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
