import { UserType, type AdminUserDto } from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useChangeRole, useLinkArtist, useAdminUsers, useUserAction } from '@/features/admin/api/admin-api';
import { adminText, roleName, roleTag } from '@/features/admin/lib/admin-messages';
import { SelectField, labelClass } from '@/features/ingest/components/form-controls';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleList, Email, Pill, rowClass, useSearchBox, when } from './parts';

function LinkArtistForm({ user }: { user: AdminUserDto }) {
  const intl = useIntl();
  const link = useLinkArtist();
  const id = useId();
  const [value, setValue] = useState(user.artist ? String(user.artist.id) : '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const artistId = value.trim() === '' ? null : Number(value);
    if (artistId !== null && (!Number.isInteger(artistId) || artistId < 1)) {
      toast.error(
        intl.formatMessage({ id: 'admin.users.artistIdInvalid', defaultMessage: 'An artist id is a whole number.' }),
      );
      return;
    }
    link.mutate(
      { id: user.id, artistId },
      { onSuccess: (r) => toast.success(adminText(r.message)), onError: (e) => toast.error(adminText(e.message)) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className={labelClass}>
          <FormattedMessage id="admin.users.artistId" defaultMessage="Artist id" />
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          placeholder={intl.formatMessage({ id: 'admin.users.artistIdNone', defaultMessage: 'none' })}
          onChange={(event) => setValue(event.target.value)}
          className="block h-9 w-24 rounded-full border border-line-strong bg-canvas/60 px-3 text-sm text-fg transition-colors placeholder:text-fg-subtle hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1"
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="sr-only">
          <FormattedMessage
            id="admin.users.artistIdHint"
            defaultMessage="The artist profile of {email}; empty unlinks it."
            values={{ email: user.email }}
          />
        </span>
      </div>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={link.isPending}
        aria-label={intl.formatMessage(
          { id: 'admin.users.saveLinkLabel', defaultMessage: 'Save the artist link of {email}' },
          { email: user.email },
        )}
      >
        <FormattedMessage id="admin.users.link" defaultMessage="Link" />
      </Button>
    </form>
  );
}

function UserRow({ user, self }: { user: AdminUserDto; self: boolean }) {
  const intl = useIntl();
  const roleOptions = UserType.options.map((value) => ({ value, label: roleName(intl, value) }));
  const action = useUserAction();
  const role = useChangeRole();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.disabled_at !== null;
  const run = (which: 'disable' | 'enable') =>
    action.mutate(
      { id: user.id, action: which },
      {
        onSuccess: (r) => {
          toast.success(adminText(r.message));
          setConfirming(false);
        },
        onError: (e) => toast.error(adminText(e.message)),
      },
    );
  return (
    <li className={rowClass} data-testid={`admin-user-${user.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">{user.name || '—'}</h3>
          <Pill tone={user.type === 'admin' ? 'warn' : user.type === 'artist' ? 'good' : 'muted'}>
            {roleTag(intl, user.type)}
          </Pill>
          {disabled ? (
            <Pill tone="bad">
              <FormattedMessage id="admin.users.disabled" defaultMessage="Disabled" />
            </Pill>
          ) : null}
          {user.deleted ? (
            <Pill tone="muted">
              <FormattedMessage id="admin.users.deleted" defaultMessage="Deleted" />
            </Pill>
          ) : null}
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          <bdi dir="ltr">#{user.id}</bdi> · <bdi>{user.email}</bdi>
          {user.artist ? (
            <>
              {' · '}
              <FormattedMessage
                id="admin.users.linkedArtist"
                defaultMessage="artist “{name}” (#{id})"
                values={{ name: <bdi>{user.artist.name}</bdi>, id: String(user.artist.id) }}
              />
            </>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle">
          <FormattedMessage
            id="admin.users.joined"
            defaultMessage="Joined {date}"
            values={{ date: when(user.created_at) }}
          />
        </p>
      </div>
      {self ? (
        <p className="text-sm text-fg-subtle">
          <FormattedMessage id="admin.users.self" defaultMessage="This is you." />
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={
              <span className="sr-only">
                <FormattedMessage
                  id="admin.users.roleOf"
                  defaultMessage="Role of {email}"
                  values={{ email: user.email }}
                />
              </span>
            }
            options={roleOptions}
            value={user.type}
            disabled={role.isPending}
            className="w-32 [&_select]:!h-9 [&_select]:!text-sm"
            onChange={(event) =>
              role.mutate(
                { id: user.id, type: event.target.value as AdminUserDto['type'] },
                {
                  onSuccess: (r) => toast.success(adminText(r.message)),
                  onError: (e) => toast.error(adminText(e.message)),
                },
              )
            }
          />
          <LinkArtistForm user={user} />
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
        </div>
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
    </li>
  );
}

export function UsersPanel({ selfId }: { selfId: number | string | undefined }) {
  const intl = useIntl();
  const { q, box } = useSearchBox(
    intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search accounts' }),
    intl.formatMessage({ id: 'admin.users.searchPlaceholder', defaultMessage: 'Name, email or id' }),
  );
  const users = useAdminUsers(q);
  return (
    <div>
      {box}
      <ConsoleList
        title={intl.formatMessage({ id: 'admin.users.title', defaultMessage: 'Accounts' })}
        count={users.data?.length}
        isLoading={users.isPending}
        error={users.error}
        empty={intl.formatMessage({ id: 'admin.users.empty', defaultMessage: 'No account matches.' })}
      >
        {users.data?.map((user) => (
          <UserRow key={user.id} user={user} self={String(user.id) === String(selfId)} />
        ))}
      </ConsoleList>
    </div>
  );
}
