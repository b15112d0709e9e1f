import { UserType, type AdminUserDto } from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useChangeRole, useLinkArtist, useAdminUsers, useUserAction } from '@/features/admin/api/admin-api';
import { SelectField, labelClass } from '@/features/ingest/components/form-controls';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleList, Pill, rowClass, useSearchBox, when } from './parts';

const roleOptions = UserType.options.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

function LinkArtistForm({ user }: { user: AdminUserDto }) {
  const link = useLinkArtist();
  const id = useId();
  const [value, setValue] = useState(user.artist ? String(user.artist.id) : '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const artistId = value.trim() === '' ? null : Number(value);
    if (artistId !== null && (!Number.isInteger(artistId) || artistId < 1)) {
      toast.error('An artist id is a whole number.');
      return;
    }
    link.mutate(
      { id: user.id, artistId },
      { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className={labelClass}>
          Artist id
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          placeholder="none"
          onChange={(event) => setValue(event.target.value)}
          className="block h-9 w-24 rounded-full border border-line-strong bg-canvas/60 px-3 text-sm text-fg transition-colors placeholder:text-fg-subtle hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1"
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="sr-only">
          The artist profile of {user.email}; empty unlinks it.
        </span>
      </div>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={link.isPending}
        aria-label={`Save the artist link of ${user.email}`}
      >
        Link
      </Button>
    </form>
  );
}

function UserRow({ user, self }: { user: AdminUserDto; self: boolean }) {
  const action = useUserAction();
  const role = useChangeRole();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.disabled_at !== null;
  const run = (which: 'disable' | 'enable') =>
    action.mutate(
      { id: user.id, action: which },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setConfirming(false);
        },
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <li className={rowClass} data-testid={`admin-user-${user.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">{user.name || '—'}</h3>
          <Pill tone={user.type === 'admin' ? 'warn' : user.type === 'artist' ? 'good' : 'muted'}>{user.type}</Pill>
          {disabled ? <Pill tone="bad">Disabled</Pill> : null}
          {user.deleted ? <Pill tone="muted">Deleted</Pill> : null}
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          #{user.id} · {user.email}
          {user.artist ? ` · artist “${user.artist.name}” (#${user.artist.id})` : ''}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle">Joined {when(user.created_at)}</p>
      </div>
      {self ? (
        <p className="text-sm text-fg-subtle">This is you.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={<span className="sr-only">Role of {user.email}</span>}
            options={roleOptions}
            value={user.type}
            disabled={role.isPending}
            className="w-32 [&_select]:!h-9 [&_select]:!text-sm"
            onChange={(event) =>
              role.mutate(
                { id: user.id, type: event.target.value as AdminUserDto['type'] },
                { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
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
              aria-label={`Enable ${user.email}`}
            >
              Enable
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setConfirming(true)}
              aria-label={`Disable ${user.email}`}
            >
              Disable
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Disable this account?"
        confirmLabel="Disable account"
        busy={action.isPending}
        onConfirm={() => run('disable')}
        onClose={() => setConfirming(false)}
      >
        <p>
          {user.email} is logged out everywhere at once and cannot log in until the account is enabled again. Orders and
          licences stay as they are.
        </p>
      </ConfirmDialog>
    </li>
  );
}

export function UsersPanel({ selfId }: { selfId: number | string | undefined }) {
  const { q, box } = useSearchBox('Search accounts', 'Name, email or id');
  const users = useAdminUsers(q);
  return (
    <div>
      {box}
      <ConsoleList
        title="Accounts"
        count={users.data?.length}
        isLoading={users.isPending}
        error={users.error}
        empty="No account matches."
      >
        {users.data?.map((user) => (
          <UserRow key={user.id} user={user} self={String(user.id) === String(selfId)} />
        ))}
      </ConsoleList>
    </div>
  );
}
