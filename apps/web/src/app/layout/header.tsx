import { FormattedMessage, useIntl } from 'react-intl';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { preloadable } from '@/lib/preloadable';
import { DesktopNav } from './desktop-nav';
import { LocaleSwitch } from './locale-switch';
import { MobileMenu, type MobileAccount } from './mobile-menu';
import { getHeaderLinks, getRoleLinks } from './nav-links';
import { useShopLinks } from './shop-links';

/** Only a logged-in visitor has it: its own chunk (decision 050). */
const accountMenu = preloadable(() => import('./account-menu').then((module) => module.AccountMenu));

const accountPlaceholder = <span aria-hidden="true" className="block h-9 w-20 rounded-full bg-white/5" />;

export function Header() {
  const { user, isLoading, isArtist } = useAuth();
  const logout = useLogout();
  const intl = useIntl();
  const links = getHeaderLinks();
  const roleLinks = getRoleLinks({ showSales: isArtist, showConsole: user?.type === 'admin' });
  const shopLinks = useShopLinks();
  const onLogout = () => logout.mutate();

  const account: MobileAccount = user
    ? {
        state: 'user',
        name: user.name,
        email: user.email,
        roleLinks,
        onLogout,
        isLoggingOut: logout.isPending,
      }
    : isLoading
      ? { state: 'loading' }
      : { state: 'anonymous' };

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-canvas/85 backdrop-blur-xl supports-[backdrop-filter]:bg-canvas/70">
      <Container className="flex h-header items-center gap-3 lg:gap-4">
        <Link
          to={paths.home.getHref()}
          aria-label={intl.formatMessage({ id: 'layout.homeLink', defaultMessage: 'Tarab home' })}
          className="-m-1 shrink-0 rounded-lg p-1"
        >
          <Logo />
        </Link>

        {/* Every link inline from 1280 px; narrower, the Menu holds them all (decision 018). */}
        <DesktopNav links={links} shopLinks={shopLinks} className="hidden flex-1 xl:flex" />

        <div className="ms-auto flex shrink-0 items-center gap-2">
          <LocaleSwitch className="hidden h-9 px-3 text-sm md:inline-flex" />
          <div className="hidden md:block">
            {account.state === 'user' ? (
              <Suspense fallback={accountPlaceholder}>
                <accountMenu.Component
                  name={account.name}
                  email={account.email}
                  roleLinks={account.roleLinks}
                  onLogout={onLogout}
                  isLoggingOut={account.isLoggingOut}
                />
              </Suspense>
            ) : account.state === 'anonymous' ? (
              <LinkButton to={paths.auth.login.getHref()} size="sm">
                <FormattedMessage id="account.login" defaultMessage="Log in" />
              </LinkButton>
            ) : (
              accountPlaceholder
            )}
          </div>
          <div className="xl:hidden">
            <MobileMenu links={links} shopLinks={shopLinks} account={account} />
          </div>
        </div>
      </Container>
    </header>
  );
}
