import type { Api } from './index.js';

type Groups = typeof Api;

/**
 * Each group of the route table, loaded on its own (decision 051): the web client parses an answer
 * with the schemas of its route's group, so the store's first page evaluates the catalogue's and the
 * account's schemas, not the admin console's. The type makes this list name every group of `Api`
 * (group-loaders.test.ts checks each loads the same object).
 */
export const routeGroupLoaders: { readonly [G in keyof Groups]: () => Promise<Groups[G]> } = {
  health: () => import('./health.js').then((m) => m.healthRoutes),
  auth: () => import('./accounts.js').then((m) => m.authRoutes),
  account: () => import('./accounts.js').then((m) => m.accountRoutes),
  catalog: () => import('./catalog.js').then((m) => m.catalogRoutes),
  tuning: () => import('./catalog.js').then((m) => m.tuningRoutes),
  library: () => import('./library.js').then((m) => m.libraryRoutes),
  commerce: () => import('./commerce.js').then((m) => m.commerceRoutes),
  localPayments: () => import('./commerce.js').then((m) => m.localPaymentRoutes),
  cart: () => import('./commerce.js').then((m) => m.cartRoutes),
  downloads: () => import('./downloads.js').then((m) => m.downloadRoutes),
  licenses: () => import('./downloads.js').then((m) => m.licenseRoutes),
  analytics: () => import('./artists.js').then((m) => m.analyticsRoutes),
  ingest: () => import('./artists.js').then((m) => m.ingestRoutes),
  statements: () => import('./artists.js').then((m) => m.statementRoutes),
  quotes: () => import('./site.js').then((m) => m.quoteRoutes),
  site: () => import('./site.js').then((m) => m.siteRoutes),
  config: () => import('./site.js').then((m) => m.configRoutes),
  admin: () => import('./admin.js').then((m) => m.adminRoutes),
};

/**
 * Evaluates the schema library with the smallest schema of the contract: a caller that then loads a
 * group (`routeGroupLoaders`) in a later task splits the work in two shorter tasks.
 */
export const loadSchemaLibrary = (): Promise<unknown> => import('../errors.js').then((module) => module.ErrorBody);
