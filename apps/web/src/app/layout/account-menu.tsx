import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { useRouteScopedOpen } from '@/hooks/use-route-scoped-open';
import { cx } from '@/lib/class-names';
import type { NavItem } from './nav-links';
import { RoleIcon } from './role-icon';

type AccountMenuProps = {
  name: string;
  email: string;
  /** Sales (an artist) and Console (an operator), above Profile (decision 058). */
  roleLinks?: NavItem[];
  onLogout: () => void;
  isLoggingOut: boolean;
};

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-fg-muted transition-colors hover:bg-white/5 hover:text-fg disabled:opacity-60';

/**
 * Desktop profile dropdown (spec §2): Profile and Logout, and for an artist or an operator their
 * workspace first (Sales, Console), so that the header's row fits every role (issue #32).
 */
export function AccountMenu({ name, email, roleLinks = [], onLogout, isLoggingOut }: AccountMenuProps) {
  const intl = useIntl();
  const { open, setOpen, toggle } = useRouteScopedOpen();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const displayName = name.trim() || email;
  const firstName = displayName.split(/\s+/)[0] ?? displayName;

  useDismiss({
    enabled: open,
    insideRefs: [rootRef],
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
  });

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={cx(
          'flex h-10 items-center gap-2 rounded-full border border-line py-1 ps-1 pe-3 text-sm font-medium text-fg transition-colors hover:border-line-strong hover:bg-white/5',
          open && 'border-line-strong bg-white/5',
        )}
      >
        <Avatar name={displayName} />
        <span className="hidden max-w-32 truncate lg:inline">{firstName}</span>
        <span className="sr-only">
          <FormattedMessage id="account.menu" defaultMessage="Account menu" />
        </span>
        <ChevronDownIcon className={cx('size-4 text-fg-subtle transition-transform', open && 'rotate-180')} />
      </button>

      {open ? (
        <div
          id={panelId}
          className="absolute end-0 top-full z-50 mt-2 w-64 origin-top-right rtl:origin-top-left animate-pop-in rounded-xl border border-line bg-surface-raised p-2 shadow-pop"
        >
          <div className="mb-1 border-b border-line px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-fg">{displayName}</p>
            {email ? <p className="truncate text-xs text-fg-subtle">{email}</p> : null}
          </div>
          {roleLinks.length > 0 ? (
            <ul className="mb-1 border-b border-line pb-1">
              {roleLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) => cx(itemClass, isActive && 'text-accent')}
                  >
                    <RoleIcon to={link.to} className="size-4" />
                    {intl.formatMessage(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null}
          <ul>
            <li>
              <Link to={paths.profile.getHref()} className={itemClass} onClick={() => setOpen(false)}>
                <UserIcon className="size-4" />
                <FormattedMessage id="account.profile" defaultMessage="Profile" />
              </Link>
            </li>
            <li>
              <button type="button" className={itemClass} onClick={onLogout} disabled={isLoggingOut}>
                <LogoutIcon className="size-4" />
                {isLoggingOut ? (
                  <FormattedMessage id="account.loggingOut" defaultMessage="Logging out…" />
                ) : (
                  <FormattedMessage id="account.logout" defaultMessage="Logout" />
                )}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
