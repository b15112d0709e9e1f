import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { MenuIcon } from '@/components/ui/icons';
import { useRouteScopedOpen } from '@/hooks/use-route-scoped-open';
import type { NavItem } from './nav-links';
import type { ShopLink } from './shop-links';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

export type MobileAccount =
  | { state: 'loading' }
  | { state: 'anonymous' }
  | {
      state: 'user';
      name: string;
      email: string;
      /** Sales (artists) and Console (operators): the account's own pages. */
      roleLinks: NavItem[];
      onLogout: () => void;
      isLoggingOut: boolean;
    };

/**
 * The slide-in Menu (spec §2) for screens under 1280 px, where the header's links do not fit
 * inline: every header link, and the external shop pages in a new tab. The panel is its own chunk
 * (mobile-menu-panel.tsx, decision 050), fetched when the button is pointed at, focused or pressed.
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
  const panelId = useId();
  // Mounted from the first opening on, so that closing animates like opening.
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  const preload = () => void loadPanel();
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
        onPointerEnter={preload}
        onFocus={preload}
        className="flex h-10 items-center gap-2 rounded-full border border-line px-3.5 text-sm font-semibold text-fg transition-colors hover:border-line-strong hover:bg-white/5"
      >
        <MenuIcon className="size-5" />
        {menu}
      </button>

      {everOpened ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            panelId={panelId}
            menu={menu}
            links={links}
            shopLinks={shopLinks}
            account={account}
            buttonRef={buttonRef}
            onClose={close}
            onNavigate={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
