import { useIntl } from 'react-intl';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { basenameOf, type Locale } from '@/lib/i18n/locales';
import { RequireAuth } from '@/features/auth/components/require-auth';
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

/** The route of one page: its path and its code. */
const page = (path: string, load: () => Promise<PageModule>): RouteObject => ({ path, lazy: lazyPage(load) });

/** One route for every path of the spec's route table (spec §2). */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage(() => import('./routes/home')) },
          page(paths.music.path, () => import('./routes/music')),
          page(paths.musicDetails.path, () => import('./routes/music-details')),
          page(paths.track.path, () => import('./routes/track-detail')),
          page(paths.loops.path, () => import('./routes/loops')),
          page(paths.tuningHelp.path, () => import('./routes/tuning-help')),
          page(paths.albums.path, () => import('./routes/albums')),
          page(paths.albumDetail.path, () => import('./routes/album-detail')),
          page(paths.artists.path, () => import('./routes/artists')),
          page(paths.artistDetail.path, () => import('./routes/artist-detail')),
          page(paths.pricing.path, () => import('./routes/pricing')),
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

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router of a page in `locale`: Arabic pages live under `/ar` (decision 045). */
export const createAppRouter = (locale: Locale = 'en'): AppRouter =>
  createBrowserRouter(routes, { basename: basenameOf(locale) || '/' });

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
