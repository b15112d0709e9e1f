import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { loadLateMessages } from '@/lib/i18n/messages';
import { preloadable } from '@/lib/preloadable';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationProgress } from './navigation-progress';
import { PlayerDockSlot } from './player-dock-slot';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

/** Only an unverified account sees it: its own chunk (decision 050). */
const verifyBanner = preloadable(() =>
  Promise.all([import('@/features/auth/components/verify-email-banner'), loadLateMessages()]).then(
    ([module]) => module.VerifyEmailBanner,
  ),
);

function UnverifiedEmailBanner() {
  const { user } = useAuth();
  if (user?.email_verified !== false) return null;
  return (
    <Suspense fallback={null}>
      <verifyBanner.Component />
    </Suspense>
  );
}

/** Header, main, footer and the player dock slot around every page. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <Header />
      <UnverifiedEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <PlayerDockSlot />
    </div>
  );
}
