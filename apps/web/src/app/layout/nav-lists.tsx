import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';
import { ShopLinkItem, type ShopLink } from './shop-links';

type ListStyle = {
  className: string;
  listClassName: string;
  onNavigate?: () => void;
};

/** The store's pages as a `nav` list (the header's row, the Menu's panel); the current one marked. */
export function StoreNav({
  label,
  links,
  linkClassName,
  className,
  listClassName,
  onNavigate,
}: ListStyle & { label: string; links: readonly NavItem[]; linkClassName: (isActive: boolean) => string }) {
  const intl = useIntl();
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) => linkClassName(isActive)}
            >
              {intl.formatMessage(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shop pages (another site's in a new tab) as a `nav` list named Shop. */
export function ShopNav({
  links,
  linkClassName,
  className,
  listClassName,
  onNavigate,
}: ListStyle & { links: readonly ShopLink[]; linkClassName: string }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.shopLabel', defaultMessage: 'Shop' })} className={className}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.key}>
            <ShopLinkItem link={link} onNavigate={onNavigate} className={linkClassName} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
