import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';

/**
 * The web app's run-time settings (issue #32, decision 058): the header's external shop pages from
 * SHOP_CUSTOM_MUSIC_URL and SHOP_LOOPS_URL (null when unset: the app links its own pages). The same
 * for everyone and changed only by a restart, so browsers and shared caches may keep it a while.
 */
export function siteConfigRoutes(config: Pick<Config, 'shopLinks'>): FastifyPluginAsyncZod {
  const body = {
    shop_links: {
      custom_music: config.shopLinks.customMusic ?? null,
      loops: config.shopLinks.loops ?? null,
    },
  };
  return async (app) => {
    route(app, Api.config.site, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    });
  };
}
