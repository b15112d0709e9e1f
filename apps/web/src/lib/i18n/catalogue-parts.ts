import { paths } from '@/config/paths';

/**
 * A translated catalogue in parts (decision 050). The messages of a page area that only its own
 * routes show (the operator console, the artist's pages, checkout…) are a part of their own, loaded
 * with the area's routes (`loadCataloguePart`); every other message is in `core`, loaded before the
 * first render. English needs no catalogue: its texts are the `defaultMessage`s in the code.
 *
 * `routes` load the area's part with their page code (router.tsx); `sources` are the files (paths under src/, a trailing `/` for a folder) that may use the area's
 * messages; `catalogue-parts.test.ts` fails when a message of an area is used anywhere else, or when a
 * file of an area is shown by a route that does not load the area.
 */
export const catalogueAreas = {
  audition: {
    prefixes: ['audition.'],
    routes: [paths.loops.path],
    sources: ['features/audition/', 'app/compose/audition-player.tsx', 'app/routes/loops.tsx'],
  },
  admin: {
    prefixes: ['admin.'],
    routes: [paths.admin.path],
    sources: ['app/routes/admin.tsx', 'app/routes/admin-console/', 'features/admin/'],
  },
  licence: {
    prefixes: ['licence.'],
    routes: [paths.verify.path],
    sources: ['app/routes/verify-license.tsx', 'features/licenses/'],
  },
  sharedPlaylist: {
    prefixes: ['shared.'],
    routes: [paths.sharedPlaylist.path],
    sources: ['app/routes/shared-playlist.tsx'],
  },
  playlistLicence: {
    prefixes: ['licenseAll.'],
    routes: [paths.savedDetails.path, paths.saved.path],
    sources: ['app/routes/saved-details.tsx', 'features/commerce/components/license-playlist-panel.tsx'],
  },
  artist: {
    prefixes: ['artistTools.', 'artistSales.', 'artistStatements.', 'ingest.'],
    // The console shows the artists' statements too.
    routes: [paths.artistAnalytics.path, paths.admin.path],
    sources: ['app/routes/artist-analytics.tsx', 'features/analytics/', 'features/ingest/'],
  },
  subscription: {
    prefixes: ['subscriptions.', 'subscriptionCheckout.'],
    routes: [paths.subscriptionPlan.path, paths.stripeCheckout.path],
    sources: [
      'app/routes/subscription-plan.tsx',
      'app/routes/stripe-checkout.tsx',
      'features/commerce/components/subscription-plans.tsx',
      'features/commerce/components/subscription-checkout.tsx',
      'features/commerce/components/hosted-subscription-return.tsx',
      'features/commerce/lib/interval-messages.ts',
    ],
  },
  checkout: {
    prefixes: ['checkout.', 'card.', 'payment.', 'playlistPayment.'],
    routes: [paths.success.path, paths.successPlaylist.path, paths.localCheckout.path, paths.stripeCheckout.path],
    sources: [
      'app/routes/success.tsx',
      'app/routes/success-playlist.tsx',
      'app/routes/local-checkout.tsx',
      'app/routes/stripe-checkout.tsx',
      'features/commerce/components/payment-result.tsx',
      'features/commerce/components/cart-payment-result.tsx',
      'features/commerce/components/subscription-checkout.tsx',
      'features/commerce/components/local-checkout.tsx',
      'features/commerce/components/card-form.tsx',
    ],
  },
  enterprise: {
    prefixes: ['enterprise.'],
    routes: [paths.enterprise.path],
    sources: ['app/routes/enterprise.tsx', 'app/compose/quote-form.tsx'],
  },
} as const satisfies Record<string, CatalogueAreaSpec>;

type CatalogueAreaSpec = {
  /** Its messages: every id that starts with one of these. */
  prefixes: readonly string[];
  /** The routes (`paths.*.path`) that load it with their page. */
  routes: readonly string[];
  /** The only files that may use its messages. */
  sources: readonly string[];
};

export type CatalogueArea = keyof typeof catalogueAreas;
export type CataloguePart = CatalogueArea | 'core';

export const catalogueAreaNames = Object.keys(catalogueAreas) as CatalogueArea[];

/** The areas whose parts a route loads with its page (none for most). */
export function areasOfRoute(path: string): CatalogueArea[] {
  return catalogueAreaNames.filter((area) => (catalogueAreas[area].routes as readonly string[]).includes(path));
}

/** The part a message id belongs to. */
export function partOfMessage(id: string): CataloguePart {
  for (const area of catalogueAreaNames) {
    if (catalogueAreas[area].prefixes.some((prefix) => id.startsWith(prefix))) return area;
  }
  return 'core';
}

/** A compiled catalogue cut into its parts (`core` and one per area), ids in their order. */
export function splitCatalogue<T>(catalogue: Record<string, T>): Record<CataloguePart, Record<string, T>> {
  const parts = Object.fromEntries(
    ['core', ...catalogueAreaNames].map((part) => [part, {} as Record<string, T>]),
  ) as Record<CataloguePart, Record<string, T>>;
  for (const [id, message] of Object.entries(catalogue)) parts[partOfMessage(id)][id] = message;
  return parts;
}
