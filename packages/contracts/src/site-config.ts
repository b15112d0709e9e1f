import { z } from './zod.js';

/**
 * What the server tells the web app at run time (issue #32): the header's two external shop pages
 * (spec §1, §2: custom music; loops and templates), from SHOP_CUSTOM_MUSIC_URL and SHOP_LOOPS_URL.
 * null: not configured, the web app links the store's own Enterprise and loops pages instead.
 */
export const SiteConfigResponse = z.object({
  shop_links: z.object({
    custom_music: z.nullable(z.string()),
    loops: z.nullable(z.string()),
  }),
});
export type SiteConfigResponse = z.infer<typeof SiteConfigResponse>;
