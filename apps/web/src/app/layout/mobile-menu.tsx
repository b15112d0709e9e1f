import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogLayer, DialogLayerTitle } from '@/components/ui/dialog-layer';
import { CloseIcon, LogoutIcon, MenuIcon, UserIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import type { ShopLink } from '@/config/external-links';
import { paths } from '@/config/paths';
import { useRouteScopedOpen } from '@/hooks/use-route-scoped-open';
import { cx } from '@/lib/class-names';
import type { NavItem } from './nav-links';
import { LocaleSwitch } from './locale-switch';
import { ShopLinkItem } from './shop-links';

export type MobileAccount =
  | { state: 'loading' }
  | { state: 'anonymous' }
  | { state: 'user'; name: string; email: string; onLogout: () => void; isLoggingOut: boolean };

const rowClass = 'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium transition-colors';

/**
 * The slide-in Menu (spec §2) for screens under 1280 px, where the header's links do not fit
 * inline: every header link, and the external shop pages in a new tab.
 */
export function MobileMenu({
  links,
  shopLinks,
  account,
}: {
  links: NavItem[];
  shopLinks: readonly ShopLink[];
  account: MobileAccount;
}) {
  const { open, setOpen, toggle } = useRouteScopedOpen();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const intl = useIntl();
  const menu = intl.formatMessage({ id: 'menu.title', defaultMessage: 'Menu' });

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex h-10 items-center gap-2 rounded-full border border-line px-3.5 text-sm font-semibold text-fg transition-colors hover:border-line-strong hover:bg-white/5"
      >
        <MenuIcon className="size-5" />
        {menu}
      </button>

      <DialogLayer
        open={open}
        onDismiss={close}
        id={panelId}
        initialFocusRef={closeRef}
        returnFocusRef={buttonRef}
        layerClassName="fixed inset-0 z-50"
        backdrop={{
          testId: 'mobile-menu-backdrop',
          className: 'absolute inset-0 animate-fade-in bg-ink-950/75 backdrop-blur-sm',
        }}
        className="absolute inset-y-0 end-0 flex w-[min(20rem,86vw)] animate-slide-in flex-col overflow-y-auto border-s border-line bg-surface shadow-pop"
      >
        <div className="flex h-header shrink-0 items-center justify-between border-b border-line px-4">
          <DialogLayerTitle className="sr-only">{menu}</DialogLayerTitle>
          <Logo />
          <button
            ref={closeRef}
            type="button"
            onClick={close}
            className="grid size-10 place-items-center rounded-full text-fg-muted hover:bg-white/5 hover:text-fg"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">
              <FormattedMessage id="menu.close" defaultMessage="Close menu" />
            </span>
          </button>
        </div>

        <nav aria-label={menu} className="px-3 py-4">
          <ul className="space-y-0.5">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cx(rowClass, isActive ? 'bg-accent/10 text-accent' : 'text-fg-muted hover:bg-white/5 hover:text-fg')
                  }
                >
                  {intl.formatMessage(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav
          aria-label={intl.formatMessage({ id: 'nav.shopLabel', defaultMessage: 'Shop' })}
          className="border-t border-line px-3 py-4"
        >
          <ul className="space-y-0.5">
            {shopLinks.map((link) => (
              <li key={link.href}>
                <ShopLinkItem link={link} className={cx(rowClass, 'text-fg-muted hover:bg-white/5 hover:text-fg')} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-auto border-t border-line px-3 py-4">
          {account.state === 'user' ? (
            <>
              <div className="mb-2 flex items-center gap-3 px-3 py-2">
                <Avatar name={account.name || account.email} className="size-10 text-base" />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-fg">{account.name}</p>
                  <p className="truncate text-sm text-fg-subtle">{account.email}</p>
                </div>
              </div>
              <Link
                to={paths.profile.getHref()}
                onClick={() => setOpen(false)}
                className={cx(rowClass, 'text-fg-muted hover:bg-white/5 hover:text-fg')}
              >
                <UserIcon className="size-5" />
                <FormattedMessage id="account.profile" defaultMessage="Profile" />
              </Link>
              <button
                type="button"
                onClick={account.onLogout}
                disabled={account.isLoggingOut}
                className={cx(rowClass, 'w-full text-fg-muted hover:bg-white/5 hover:text-fg disabled:opacity-60')}
              >
                <LogoutIcon className="size-5" />
                {account.isLoggingOut ? (
                  <FormattedMessage id="account.loggingOut" defaultMessage="Logging out…" />
                ) : (
                  <FormattedMessage id="account.logout" defaultMessage="Logout" />
                )}
              </button>
            </>
          ) : account.state === 'anonymous' ? (
            <Link
              to={paths.auth.login.getHref()}
              onClick={() => setOpen(false)}
              className={buttonStyles({ size: 'lg', className: 'w-full' })}
            >
              <FormattedMessage id="account.login" defaultMessage="Log in" />
            </Link>
          ) : null}
          <LocaleSwitch className="mt-3 w-full px-3 py-3 text-base" />
        </div>
      </DialogLayer>
    </>
  );
}
