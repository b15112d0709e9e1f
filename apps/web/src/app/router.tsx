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
const page = (load: () => Promise<PageModule>) => async () => {
  const { default: Component, loader } = await load();
  return loader ? { Component, loader } : { Component };
};

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
          { index: true, lazy: page(() => import('./routes/home')) },
          { path: paths.music.path, lazy: page(() => import('./routes/music')) },
          { path: paths.musicDetails.path, lazy: page(() => import('./routes/music-details')) },
          { path: paths.loops.path, lazy: page(() => import('./routes/loops')) },
          { path: paths.tuningHelp.path, lazy: page(() => import('./routes/tuning-help')) },
          { path: paths.albums.path, lazy: page(() => import('./routes/albums')) },
          { path: paths.albumDetail.path, lazy: page(() => import('./routes/album-detail')) },
          { path: paths.artists.path, lazy: page(() => import('./routes/artists')) },
          { path: paths.artistDetail.path, lazy: page(() => import('./routes/artist-detail')) },
          { path: paths.pricing.path, lazy: page(() => import('./routes/pricing')) },
          { path: paths.enterprise.path, lazy: page(() => import('./routes/enterprise')) },
          { path: paths.verify.path, lazy: page(() => import('./routes/verify-license')) },
          { path: paths.sharedPlaylist.path, lazy: page(() => import('./routes/shared-playlist')) },
          { path: paths.auth.login.path, lazy: page(() => import('./routes/auth/login')) },
          { path: paths.auth.signUp.path, lazy: page(() => import('./routes/auth/sign-up')) },
          { path: paths.auth.verifyEmail.path, lazy: page(() => import('./routes/auth/verify-email')) },
          { path: paths.auth.forgotPassword.path, lazy: page(() => import('./routes/auth/forgot-password')) },
          { path: paths.auth.resetPassword.path, lazy: page(() => import('./routes/auth/reset-password')) },
          { path: paths.savedDetails.path, lazy: page(() => import('./routes/saved-details')) },
          {
            path: paths.salesAgreement.path,
            lazy: page(() => import('./routes/sales-agreement')),
          },
          { path: paths.termsOfUse.path, lazy: page(() => import('./routes/terms-of-use')) },
          { path: paths.faqs.path, lazy: page(() => import('./routes/faqs')) },
          { path: paths.copyright.path, lazy: page(() => import('./routes/copyright')) },
          { path: paths.privacyPolicy.path, lazy: page(() => import('./routes/privacy-policy')) },
          { path: paths.aboutUs.path, lazy: page(() => import('./routes/about-us')) },
          {
            // Login-only (spec §2); the guard checks login, not a role.
            element: <RequireAuth />,
            children: [
              { path: paths.saved.path, lazy: page(() => import('./routes/saved')) },
              // The payment result confirms the buyer's own order: a visitor logs in first (decision 018).
              { path: paths.success.path, lazy: page(() => import('./routes/success')) },
              { path: paths.successPlaylist.path, lazy: page(() => import('./routes/success-playlist')) },
              {
                path: paths.subscriptionPlan.path,
                lazy: page(() => import('./routes/subscription-plan')),
              },
              {
                path: paths.stripeCheckout.path,
                lazy: page(() => import('./routes/stripe-checkout')),
              },
              {
                path: paths.localCheckout.path,
                lazy: page(() => import('./routes/local-checkout')),
              },
              { path: paths.profile.path, lazy: page(() => import('./routes/profile')) },
              {
                path: paths.artistAnalytics.path,
                lazy: page(() => import('./routes/artist-analytics')),
              },
              { path: paths.admin.path, lazy: page(() => import('./routes/admin')) },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
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
