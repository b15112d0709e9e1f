import { Outlet } from 'react-router';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationProgress } from './navigation-progress';
import { PlayerDockSlot } from './player-dock-slot';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

/** Header, main, footer and the player dock slot around every page. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <Header />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <PlayerDockSlot />
    </div>
  );
}
