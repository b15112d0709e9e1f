import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '../../lib/account-answers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRevokeOtherSessions, useSessions } from '../../api/account';
import { errorMessage } from '../../lib/error-message';
import { FormAlert } from '@/components/ui/field';
import { SavedNote, SettingsCard } from './settings-card';
import { dateFormat } from '@/lib/format';

const lastSeen = { format: (date: Date) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date) };

/** Active sessions (device, last seen) and "Log out everywhere else". */
export function SessionsPanel() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const list = sessions.data?.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const intl = useIntl();

  return (
    <SettingsCard
      title={intl.formatMessage({ id: 'settings.sessions.title', defaultMessage: "Where you're logged in" })}
      description={intl.formatMessage({
        id: 'settings.sessions.description',
        defaultMessage: 'Devices with an active session on your account.',
      })}
    >
      {sessions.isPending ? (
        <p className="flex items-center gap-3 text-fg-muted">
          <Spinner /> <FormattedMessage id="settings.sessions.loading" defaultMessage="Loading sessions…" />
        </p>
      ) : sessions.isError ? (
        <FormAlert>{errorMessage(intl, sessions.error)}</FormAlert>
      ) : (
        <div className="grid gap-5">
          <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
            {list.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 bg-canvas/40 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-fg">{session.device}</p>
                  <p className="text-sm text-fg-subtle">
                    <FormattedMessage
                      id="settings.sessions.lastSeen"
                      defaultMessage="Last seen {date}"
                      values={{ date: lastSeen.format(new Date(session.last_seen_at)) }}
                    />
                  </p>
                </div>
                {session.current ? (
                  <span className="rounded-full bg-teal-700/40 px-3 py-1 text-xs font-semibold tracking-wide text-teal-300">
                    <FormattedMessage id="settings.sessions.thisDevice" defaultMessage="This device" />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {revoke.isSuccess ? <SavedNote>{intl.formatMessage(accountAnswers.otherSessionsRevoked)}</SavedNote> : null}
          {revoke.isError ? <FormAlert>{errorMessage(intl, revoke.error)}</FormAlert> : null}
          <div>
            <Button variant="secondary" disabled={revoke.isPending || others === 0} onClick={() => revoke.mutate()}>
              {revoke.isPending ? (
                <FormattedMessage id="account.loggingOut" defaultMessage="Logging out…" />
              ) : (
                <FormattedMessage id="settings.sessions.logOutOthers" defaultMessage="Log out everywhere else" />
              )}
            </Button>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
