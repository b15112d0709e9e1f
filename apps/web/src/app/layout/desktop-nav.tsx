import { NavLink } from 'react-router';
import { cx } from '@/lib/class-names';
import type { NavItem } from './nav-links';

/** The header's inline links, shown from 768 px up. */
export function DesktopNav({ links, className }: { links: NavItem[]; className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-0.5 lg:gap-1">
        {links.map((link) => (
          <li key={link.to} className={link.end ? 'hidden lg:block' : undefined}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cx(
                  'relative block rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3',
                  isActive ? 'text-accent' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
