import { UserType, type AdminUserDto } from '@tarab/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useChangeRole, useAdminUsers, useUserAction } from '../api/admin-api';
import { adminMessages, roleName, roleTag } from '../lib/admin-messages';
import { SelectField } from '@/components/ui/field';
import { cx } from '@/lib/class-names';
import { ArtistLinkDialog } from './artist-link-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { requestOf, useTableQuery, type Column } from './data-table';
import { Email, Pill } from './parts';
import { actionsColumn, createdColumn, idColumn, TablePanel } from './table-panel';

type UserSort = 'id' | 'name' | 'email' | 'type' | 'created_at';

function ArtistCell({ user, self }: { user: AdminUserDto; self: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <span className={cx('max-w-40 truncate', user.artist ? 'text-fg' : 'text-fg-subtle')}>
        {user.artist ? <bdi>{user.artist.name}</bdi> : '—'}
      </span>
      {self ? null : (
        <Button
          size="sm"
          variant="ghost"
          className="h-8 px-3"
          onClick={() => setOpen(true)}
          aria-label={intl.formatMessage(
            { id: 'admin.users.linkArtistLabel', defaultMessage: 'Link an artist profile to {email}' },
            { email: user.email },
          )}
        >
          {user.artist ? (
            <FormattedMessage id="admin.users.changeArtist" defaultMessage="Change" />
          ) : (
            <FormattedMessage id="admin.users.link" defaultMessage="Link" />
          )}
        </Button>
      )}
      {open ? <ArtistLinkDialog user={user} open={open} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function RoleCell({ user, self }: { user: AdminUserDto; self: boolean }) {
  const intl = useIntl();
  const role = useChangeRole();
  const roleOptions = UserType.options.map((value) => ({ value, label: roleName(intl, value) }));
  if (self) return <Pill tone="warn">{roleTag(intl, user.type)}</Pill>;
  return (
    <SelectField
      label={
        <span className="sr-only">
          <FormattedMessage id="admin.users.roleOf" defaultMessage="Role of {email}" values={{ email: user.email }} />
        </span>
      }
      options={roleOptions}
      value={user.type}
      disabled={role.isPending}
      className="w-32 [&_label]:!mb-0 [&_select]:!h-9 [&_select]:!text-sm"
      onChange={(event) =>
        role.mutate(
          { id: user.id, type: event.target.value as AdminUserDto['type'] },
          {
            onSuccess: () => toast.success(adminMessages.roleChanged),
            onError: (e) => toast.error(e),
          },
        )
      }
    />
  );
}

function UserActions({ user, self }: { user: AdminUserDto; self: boolean }) {
  const intl = useIntl();
  const action = useUserAction();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.disabled_at !== null;
  if (self)
    return (
      <span className="text-sm whitespace-nowrap text-fg-subtle">
        <FormattedMessage id="admin.users.self" defaultMessage="This is you." />
      </span>
    );
  const run = (which: 'disable' | 'enable') =>
    action.mutate(
      { id: user.id, action: which },
      {
        onSuccess: () => {
          toast.success(which === 'disable' ? adminMessages.userDisabled : adminMessages.userEnabled);
          setConfirming(false);
        },
        onError: (e) => toast.error(e),
      },
    );
  return (
    <>
      {disabled ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={action.isPending}
          onClick={() => run('enable')}
          aria-label={intl.formatMessage(
            { id: 'admin.users.enableLabel', defaultMessage: 'Enable {email}' },
            { email: user.email },
          )}
        >
          <FormattedMessage id="admin.users.enable" defaultMessage="Enable" />
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={intl.formatMessage(
            { id: 'admin.users.disableLabel', defaultMessage: 'Disable {email}' },
            { email: user.email },
          )}
        >
          <FormattedMessage id="admin.users.disable" defaultMessage="Disable" />
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({ id: 'admin.users.disableTitle', defaultMessage: 'Disable this account?' })}
        confirmLabel={intl.formatMessage({ id: 'admin.users.disableConfirm', defaultMessage: 'Disable account' })}
        busy={action.isPending}
        onConfirm={() => run('disable')}
        onClose={() => setConfirming(false)}
      >
        <p>
          <FormattedMessage
            id="admin.users.disableBody"
            defaultMessage="{email} is logged out everywhere at once and cannot log in until the account is enabled again. Orders and licences stay as they are."
            values={{ email: <Email>{user.email}</Email> }}
          />
        </p>
      </ConfirmDialog>
    </>
  );
}

/**
 * Accounts (issue #32): a sortable table, a page at a time, within a sign-up date range; the role,
 * the artist profile (found by name) and disable/enable on each row.
 */
export function UsersPanel({ selfId }: { selfId: number | string | undefined }) {
  const intl = useIntl();
  const table = useTableQuery<UserSort>('id');
  const users = useAdminUsers(requestOf(table.query));
  const isSelf = (user: AdminUserDto) => String(user.id) === String(selfId);

  const columns: Column<AdminUserDto, UserSort>[] = [
    {
      id: 'name',
      sort: 'name',
      label: <FormattedMessage id="admin.users.col.name" defaultMessage="Name" />,
      className: 'max-w-56',
      cell: (u) => (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium text-fg">{u.name || '—'}</span>
          {u.disabled_at !== null ? (
            <Pill tone="bad">
              <FormattedMessage id="admin.users.disabled" defaultMessage="Disabled" />
            </Pill>
          ) : null}
          {u.deleted ? (
            <Pill tone="muted">
              <FormattedMessage id="admin.users.deleted" defaultMessage="Deleted" />
            </Pill>
          ) : null}
        </div>
      ),
    },
    {
      id: 'email',
      sort: 'email',
      label: <FormattedMessage id="admin.users.col.email" defaultMessage="Email" />,
      className: 'max-w-64 truncate text-fg-muted',
      cell: (u) => <bdi dir="ltr">{u.email}</bdi>,
    },
    {
      id: 'type',
      sort: 'type',
      label: <FormattedMessage id="admin.users.col.role" defaultMessage="Role" />,
      cell: (u) => <RoleCell user={u} self={isSelf(u)} />,
    },
    {
      id: 'artist',
      label: <FormattedMessage id="admin.users.col.artist" defaultMessage="Artist profile" />,
      cell: (u) => <ArtistCell user={u} self={isSelf(u)} />,
    },
    createdColumn(<FormattedMessage id="admin.users.col.joined" defaultMessage="Joined" />),
    idColumn(<FormattedMessage id="admin.users.col.id" defaultMessage="No." />),
    actionsColumn((u: AdminUserDto) => <UserActions user={u} self={isSelf(u)} />),
  ];

  return (
    <TablePanel
      table={table}
      list={users}
      searchLabel={intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search accounts' })}
      searchPlaceholder={intl.formatMessage({
        id: 'admin.users.searchPlaceholder',
        defaultMessage: 'Name, email or id',
      })}
      empty={intl.formatMessage({ id: 'admin.users.empty', defaultMessage: 'No account matches.' })}
      caption={intl.formatMessage({ id: 'admin.users.title', defaultMessage: 'Accounts' })}
      columns={columns}
      rowKey={(u) => u.id}
      rowTestId={(u) => `admin-user-${u.id}`}
      footer={({ meta }) =>
        meta ? (
          <FormattedMessage
            id="admin.users.total"
            defaultMessage="{count, plural, one {# account} other {# accounts}}"
            values={{ count: meta.total }}
          />
        ) : undefined
      }
    />
  );
}
