import { useIntl } from 'react-intl';
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { basenameOf, type Locale } from '@/lib/i18n/locales';
import { RequireAuth } from '@/features/auth/components/require-auth';
import {
  prefetchAlbum,
  prefetchAlbums,
  prefetchArtist,
  prefetchCatalogList,
  prefetchMusicIndex,
  prefetchTrack,
} from '@/features/catalog/api/prefetch';
import { prefetchProducts } from '@/features/commerce/api/get-products';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** A page module: its component, and a loader when it reads data first (the content pages' documents). */
type PageModule = { default: ComponentType; loader?: LoaderFunction };

function AppLoading() {
  const intl = useIntl();
  return <LoadingState label={intl.formatMessage({ id: 'app.loading', defaultMessage: 'Loading Tarab…' })} />;
}

/** Route-level code splitting: each page is its own chunk, loaded on first visit. */
const lazyPage = (load: () => Promise<PageModule>) => async () => {
  const { default: Component, loader } = await load();
  return loader ? { Component, loader } : { Component };
};

/**
 * The queries a page reads first, started by its route's loader while the page's code loads (its
 * components then find them in flight). Never awaited: a page shows its own loading state.
 */
type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => void;

/** How the routes start queries: into `queryClient`, whenever `now()` says so. */
export type RouteData = {
  queryClient: QueryClient;
  /**
   * False while the router loads a prerendered page that React will hydrate (start.tsx): its first
   * render must be the prerendered markup, so its queries start when it mounts, not before.
   */
  now: () => boolean;
};

const urlOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;
const idOf = ({ params }: LoaderFunctionArgs) => params['id'] ?? '';

/**
 * One route for every path of the spec's route table (spec §2). With `data`, the catalog's pages
 * start their queries from their loaders; without it (the prerender, most tests) they start them
 * when they mount.
 */
export function createRoutes(data?: RouteData): RouteObject[] {
  /** The route of one page: its path (none: the home page), its code and what it reads first. */
  const page = (path: string | null, load: () => Promise<PageModule>, prefetch?: Prefetch): RouteObject => {
    const route: RouteObject = path === null ? { index: true } : { path };
    route.lazy = lazyPage(load);
    if (prefetch && data) {
      route.loader = (args) => {
        if (data.now()) prefetch(data.queryClient, args);
        return null;
      };
    }
    return route;
  };
  return [
    {
      path: paths.home.path,
      element: <RootLayout />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            page(
              null,
              () => import('./routes/home'),
              (client, args) => prefetchCatalogList(client, 'music', urlOf(args)),
            ),
            page(
              paths.music.path,
              () => import('./routes/music'),
              (client, args) => prefetchMusicIndex(client, urlOf(args)),
            ),
            page(paths.musicDetails.path, () => import('./routes/music-details')),
            page(
              paths.track.path,
              () => import('./routes/track-detail'),
              (client, args) => prefetchTrack(client, idOf(args)),
            ),
            page(
              paths.loops.path,
              () => import('./routes/loops'),
              (client, args) => prefetchCatalogList(client, 'loop', urlOf(args)),
            ),
            page(paths.tuningHelp.path, () => import('./routes/tuning-help')),
            page(paths.albums.path, () => import('./routes/albums'), prefetchAlbums),
            page(
              paths.albumDetail.path,
              () => import('./routes/album-detail'),
              (client, args) => prefetchAlbum(client, idOf(args)),
            ),
            page(paths.artists.path, () => import('./routes/artists')),
            page(
              paths.artistDetail.path,
              () => import('./routes/artist-detail'),
              (client, args) => prefetchArtist(client, idOf(args)),
            ),
            page(paths.pricing.path, () => import('./routes/pricing'), prefetchProducts),
            page(paths.enterprise.path, () => import('./routes/enterprise')),
            page(paths.verifyForm.path, () => import('./routes/verify-license')),
            page(paths.verify.path, () => import('./routes/verify-license')),
            page(paths.sharedPlaylist.path, () => import('./routes/shared-playlist')),
            page(paths.auth.login.path, () => import('./routes/auth/login')),
            page(paths.auth.signUp.path, () => import('./routes/auth/sign-up')),
            page(paths.auth.verifyEmail.path, () => import('./routes/auth/verify-email')),
            page(paths.auth.forgotPassword.path, () => import('./routes/auth/forgot-password')),
            page(paths.auth.resetPassword.path, () => import('./routes/auth/reset-password')),
            page(paths.auth.confirmEmailChange.path, () => import('./routes/auth/confirm-email-change')),
            page(paths.savedDetails.path, () => import('./routes/saved-details')),
            page(paths.salesAgreement.path, () => import('./routes/sales-agreement')),
            page(paths.termsOfUse.path, () => import('./routes/terms-of-use')),
            page(paths.faqs.path, () => import('./routes/faqs')),
            page(paths.copyright.path, () => import('./routes/copyright')),
            page(paths.privacyPolicy.path, () => import('./routes/privacy-policy')),
            page(paths.aboutUs.path, () => import('./routes/about-us')),
            {
              // Login-only (spec §2); the guard checks login, not a role.
              element: <RequireAuth />,
              children: [
                page(paths.saved.path, () => import('./routes/saved')),
                // The payment result confirms the buyer's own order: a visitor logs in first (decision 018).
                page(paths.success.path, () => import('./routes/success')),
                page(paths.successPlaylist.path, () => import('./routes/success-playlist')),
                page(paths.subscriptionPlan.path, () => import('./routes/subscription-plan')),
                page(paths.stripeCheckout.path, () => import('./routes/stripe-checkout')),
                page(paths.localCheckout.path, () => import('./routes/local-checkout')),
                page(paths.profile.path, () => import('./routes/profile')),
                page(paths.artistAnalytics.path, () => import('./routes/artist-analytics')),
                page(paths.admin.path, () => import('./routes/admin')),
              ],
            },
            page('*', () => import('./routes/not-found')),
          ],
        },
      ],
    },
  ];
}

/** The routes without loaders' queries (the prerender and tests that render pages). */
export const routes: RouteObject[] = createRoutes();

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router of a page in `locale`: Arabic pages live under `/ar` (decision 045). */
export const createAppRouter = (locale: Locale = 'en', data?: RouteData): AppRouter =>
  createBrowserRouter(createRoutes(data), { basename: basenameOf(locale) || '/' });

/** Resolves once the router has loaded the code of the first page (its `lazy` routes). */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
