import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { preloadable } from '@/lib/preloadable';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationProgress } from './navigation-progress';
import { PlayerDockSlot } from './player-dock-slot';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

/** Only an unverified account sees it: its own chunk (decision 050). */
const verifyBanner = preloadable(() =>
  import('@/features/auth/components/verify-email-banner').then((module) => module.VerifyEmailBanner),
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

/**
 * Header, main, footer and the player dock slot around every page. The operator console is a tool,
 * not a store page: it gets the header and the player but no footer, on a quieter background
 * (issue #32, decision 058).
 */
export function RootLayout() {
  const isConsole = useMatch(paths.admin.path) !== null;
  return (
    <div className={cx('flex min-h-dvh flex-col', isConsole && 'bg-ink-950')}>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <Header />
      <UnverifiedEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {isConsole ? null : <Footer />}
      <PlayerDockSlot />
    </div>
  );
}
