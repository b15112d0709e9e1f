import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { ShopNav, StoreNav } from './nav-lists';
import type { NavItem } from './nav-links';
import type { ShopLink } from './shop-links';

const linkClass = 'relative block rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors';

/**
 * The header's inline links, shown from 1280 px up (narrower screens get the Menu, which has
 * every link): the store's pages, then the shop pages (another site's in a new tab). The role
 * links (Sales, Console) are in the account menu, so the row fits every role (decision 058).
 */
export function DesktopNav({
  links,
  shopLinks,
  className,
}: {
  links: NavItem[];
  shopLinks: readonly ShopLink[];
  className?: string;
}) {
  const intl = useIntl();
  return (
    <div className={cx('flex min-w-0 items-center gap-2', className)}>
      <StoreNav
        label={intl.formatMessage({ id: 'nav.mainLabel', defaultMessage: 'Main' })}
        links={links}
        className="min-w-0"
        listClassName="flex items-center gap-0.5"
        linkClassName={(isActive) =>
          cx(linkClass, isActive ? 'text-accent' : 'text-fg-muted hover:bg-white/5 hover:text-fg')
        }
      />
      <ShopNav
        links={shopLinks}
        className="shrink-0 border-s border-line/70 ps-2"
        listClassName="flex items-center gap-0.5"
        linkClassName={cx(linkClass, 'inline-flex items-center gap-1 text-fg-subtle hover:bg-white/5 hover:text-fg')}
      />
    </div>
  );
}
