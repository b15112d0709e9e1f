import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { ArtistProfileForm } from '@/features/ingest/components/artist-profile-form';
import { LinkGoogle } from '@/features/auth/components/link-google';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { dateFormat } from '@/lib/format';
import { readSubscriptionSummary } from '@/features/auth/lib/subscription-summary';

const dateFormatter = {
  format: (date: Date) => dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(date),
};

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormatter.format(date);
}

const ACCOUNT_TYPES = defineMessages({
  artist: { id: 'profile.type.artist', defaultMessage: 'Artist' },
  admin: { id: 'profile.type.admin', defaultMessage: 'Administrator' },
  user: { id: 'profile.type.user', defaultMessage: 'Listener' },
});

const isAccountType = (type: string): type is keyof typeof ACCOUNT_TYPES => Object.hasOwn(ACCOUNT_TYPES, type);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bg-surface px-5 py-4 sm:px-6 sm:py-5">
      <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-medium break-words text-fg">{children}</dd>
    </div>
  );
}

/** Spec §2 "Profile": the Username and Email of the user, plus the account type and plan. */
export default function ProfileRoute() {
  const { user, isArtist } = useAuth();
  const logout = useLogout();
  const subscription = readSubscriptionSummary(user?.subscriptions);
  const periodEnd = formatDate(subscription?.periodEnd ?? null);
  const name = user?.name || user?.email || '';
  const intl = useIntl();
  const type = user?.type ?? 'user';

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'profile.eyebrow', defaultMessage: 'Account' })}
        title={intl.formatMessage({ id: 'account.profile', defaultMessage: 'Profile' })}
        description={intl.formatMessage({ id: 'profile.description', defaultMessage: 'Your Tarab account.' })}
      />
      <Container className="py-10 sm:py-12">
        <div className="grid max-w-3xl gap-6">
          <dl className="grid gap-px overflow-hidden rounded-2xl border border-line bg-line shadow-card sm:grid-cols-2">
            <Row label={intl.formatMessage({ id: 'profile.username', defaultMessage: 'Username' })}>
              <span className="flex min-w-0 items-center gap-3">
                <Avatar name={name} />
                <span className="min-w-0 break-words">{user?.name || '—'}</span>
              </span>
            </Row>
            <Row label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}>
              {user?.email ? <bdi dir="ltr">{user.email}</bdi> : '—'}
              {user?.email_verified === false ? (
                <span className="mt-0.5 block text-sm font-normal text-accent">
                  <FormattedMessage id="profile.emailNotConfirmed" defaultMessage="Not confirmed yet" />
                </span>
              ) : user?.email_verified ? (
                <span className="mt-0.5 block text-sm font-normal text-teal-300">
                  <FormattedMessage id="profile.emailConfirmed" defaultMessage="Confirmed" />
                </span>
              ) : null}
            </Row>
            <Row label={intl.formatMessage({ id: 'profile.accountType', defaultMessage: 'Account type' })}>
              {isAccountType(type) ? intl.formatMessage(ACCOUNT_TYPES[type]) : type}
            </Row>
            <Row label={intl.formatMessage({ id: 'profile.subscription', defaultMessage: 'Subscription' })}>
              {subscription ? (
                <>
                  {subscription.planName}
                  {periodEnd ? (
                    <span className="mt-0.5 block text-sm font-normal text-fg-muted">
                      {subscription.cancelsAtPeriodEnd ? (
                        <FormattedMessage
                          id="profile.endsOn"
                          defaultMessage="Ends on {date}"
                          values={{ date: periodEnd }}
                        />
                      ) : (
                        <FormattedMessage
                          id="profile.renewsOn"
                          defaultMessage="Renews on {date}"
                          values={{ date: periodEnd }}
                        />
                      )}
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="text-fg-muted">
                  <FormattedMessage id="profile.noSubscription" defaultMessage="No subscription" />
                </span>
              )}
            </Row>
          </dl>

          <div className="flex flex-wrap gap-3">
            {isArtist ? (
              <LinkButton to={paths.artistAnalytics.getHref()} variant="secondary">
                <FormattedMessage id="profile.salesAnalytics" defaultMessage="Sales analytics" />
              </LinkButton>
            ) : null}
            <LinkButton to={paths.saved.getHref()} variant="secondary">
              <FormattedMessage id="profile.yourLibrary" defaultMessage="Your library" />
            </LinkButton>
            <LinkButton to={paths.subscriptionPlan.getHref()} variant="secondary">
              {subscription ? (
                <FormattedMessage id="profile.manageSubscription" defaultMessage="Manage subscription" />
              ) : (
                <FormattedMessage id="profile.seePlans" defaultMessage="See plans" />
              )}
            </LinkButton>
            <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logout.isPending ? (
                <FormattedMessage id="account.loggingOut" defaultMessage="Logging out…" />
              ) : (
                <FormattedMessage id="account.logout" defaultMessage="Logout" />
              )}
            </Button>
          </div>
          <LinkGoogle />
          {user ? (
            <div className="mt-4 grid gap-6">
              <div>
                <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
                  <FormattedMessage id="profile.settings" defaultMessage="Settings" />
                </p>
                <h2 className="mt-1 text-2xl font-bold text-fg sm:text-3xl">
                  <FormattedMessage id="profile.manageAccount" defaultMessage="Manage your account" />
                </h2>
              </div>
              {/* An artist's public name and bio, in both languages (decision 061). */}
              {isArtist ? <ArtistProfileForm /> : null}
              <AccountSettings user={user} />
            </div>
          ) : null}
        </div>
      </Container>
    </>
  );
}
