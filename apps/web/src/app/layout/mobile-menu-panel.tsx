import { useIntl, FormattedMessage } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useRef, type RefObject } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogLayer, DialogLayerTitle } from '@/components/ui/dialog-layer';
import { CloseIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import type { MobileAccount } from './mobile-menu';
import type { NavItem } from './nav-links';
import { LocaleSwitch } from './locale-switch';
import { ShopNav, StoreNav } from './nav-lists';
import { RoleIcon } from './role-icon';
import type { ShopLink } from './shop-links';

const rowClass = 'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium transition-colors';
const activeRowClass = (isActive: boolean) =>
  cx(rowClass, isActive ? 'bg-accent/10 text-accent' : 'text-fg-muted hover:bg-white/5 hover:text-fg');

/**
 * The Menu's slide-in panel (spec §2): every header link, the external shop pages in a new tab, the
 * account and the language switch. Its own chunk, with the dialog layer (decision 050): loaded when
 * the Menu button is pointed at, focused or pressed, not with the page.
 */
export default function MobileMenuPanel({
  open,
  panelId,
  menu,
  links,
  shopLinks,
  account,
  buttonRef,
  onClose,
  onNavigate,
}: {
  open: boolean;
  panelId: string;
  menu: string;
  links: NavItem[];
  shopLinks: readonly ShopLink[];
  account: MobileAccount;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onNavigate: () => void;
}) {
  const intl = useIntl();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogLayer
      open={open}
      onDismiss={onClose}
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
          onClick={onClose}
          className="grid size-10 place-items-center rounded-full text-fg-muted hover:bg-white/5 hover:text-fg"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">
            <FormattedMessage id="menu.close" defaultMessage="Close menu" />
          </span>
        </button>
      </div>

      <StoreNav
        label={menu}
        links={links}
        onNavigate={onNavigate}
        className="px-3 py-4"
        listClassName="space-y-0.5"
        linkClassName={activeRowClass}
      />
      <ShopNav
        links={shopLinks}
        onNavigate={onNavigate}
        className="border-t border-line px-3 py-4"
        listClassName="space-y-0.5"
        linkClassName={cx(rowClass, 'text-fg-muted hover:bg-white/5 hover:text-fg')}
      />

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
            {account.roleLinks.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                onClick={onNavigate}
                className={({ isActive }) => activeRowClass(isActive)}
              >
                <RoleIcon to={link.to} className="size-5" />
                {intl.formatMessage(link.label)}
              </NavLink>
            ))}
            <Link
              to={paths.profile.getHref()}
              onClick={onNavigate}
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
            onClick={onNavigate}
            className={buttonStyles({ size: 'lg', className: 'w-full' })}
          >
            <FormattedMessage id="account.login" defaultMessage="Log in" />
          </Link>
        ) : null}
        <LocaleSwitch className="mt-3 w-full px-3 py-3 text-base" />
      </div>
    </DialogLayer>
  );
}
