import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { ReactNode } from 'react';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { errorText } from '@/lib/i18n/error-text';
import type { LicenseVerification } from '@tarab/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { useVerifyLicense } from '../api/verify-license';
import { dateFormat } from '@/lib/format';

const dateOf = (iso: string) =>
  dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(new Date(iso));

const labels = defineMessages({
  key: { id: 'licence.key', defaultMessage: 'Licence key' },
  loop: { id: 'licence.loop', defaultMessage: 'Loop' },
  track: { id: 'licence.track', defaultMessage: 'Track' },
  artist: { id: 'licence.artist', defaultMessage: 'Artist' },
  licensee: { id: 'licence.licensee', defaultMessage: 'Licensee' },
  issued: { id: 'licence.issued', defaultMessage: 'Issued' },
  obtainedBy: { id: 'licence.obtainedBy', defaultMessage: 'Obtained by' },
  purchase: { id: 'licence.byPurchase', defaultMessage: 'Single-track purchase' },
  subscription: { id: 'licence.bySubscription', defaultMessage: 'Subscription download' },
  revoked: { id: 'licence.revoked', defaultMessage: 'Revoked' },
});

function Verdict({ licence }: { licence: LicenseVerification }) {
  const valid = licence.status === 'valid';
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  // The key and the masked name are Latin: kept left to right inside Arabic text.
  const latin = (text: string) => <bdi dir="ltr">{text}</bdi>;
  const rows: Array<[string, ReactNode]> = [
    [t(labels.key), latin(licence.license_key)],
    [t(licence.track.kind === 'loop' ? labels.loop : labels.track), trackTitle(licence.track, intl.locale)],
    [t(labels.artist), licence.artist],
    [t(labels.licensee), latin(licence.licensee)],
    [t(labels.issued), dateOf(licence.issued_at)],
    [t(labels.obtainedBy), t(licence.obtained_by === 'purchase' ? labels.purchase : labels.subscription)],
    ...(licence.revoked_at ? ([[t(labels.revoked), dateOf(licence.revoked_at)]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <section
      aria-labelledby="verdict"
      className="mx-auto max-w-2xl rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
    >
      <p
        className={cx(
          'inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1',
          valid
            ? 'bg-secondary/10 text-secondary ring-secondary/30'
            : 'bg-pomegranate-700/25 text-fg ring-pomegranate-400/40',
        )}
      >
        {valid ? (
          <FormattedMessage id="licence.badge.valid" defaultMessage="✓ Valid licence" />
        ) : (
          <FormattedMessage id="licence.badge.revoked" defaultMessage="✕ Revoked licence" />
        )}
      </p>
      <h2 id="verdict" className="mt-4 text-2xl font-bold text-fg">
        {valid ? (
          <FormattedMessage id="licence.verdict.valid" defaultMessage="This licence is valid." />
        ) : (
          <FormattedMessage
            id="licence.verdict.revoked"
            defaultMessage="This licence was revoked: the purchase was refunded or disputed, so it no longer covers the track."
          />
        )}
      </h2>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="min-w-0 font-semibold break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-sm text-fg-subtle">
        <FormattedMessage
          id="licence.maskedNote"
          defaultMessage="The licensee's name is partly hidden. Ask them for their licence certificate to compare."
        />
      </p>
    </section>
  );
}

/** The public check of one licence key: valid or revoked, with what it covers. */
export function LicenseCheck({ licenseKey }: { licenseKey: string }) {
  const check = useVerifyLicense(licenseKey);
  const intl = useIntl();
  if (check.isPending)
    return (
      <LoadingState label={intl.formatMessage({ id: 'licence.checking', defaultMessage: 'Checking the licence…' })} />
    );
  if (check.isError) {
    const unknown = isApiError(check.error) && check.error.status === 404;
    return (
      <EmptyState
        title={
          unknown
            ? intl.formatMessage({ id: 'licence.unknown', defaultMessage: 'No licence with this key' })
            : intl.formatMessage({ id: 'licence.checkFailed', defaultMessage: 'The licence could not be checked' })
        }
        description={
          unknown ? (
            <FormattedMessage
              id="licence.unknownHint"
              defaultMessage="Check the key on the certificate: it looks like {pattern}."
              values={{ pattern: <bdi dir="ltr">TRB-XXXX-XXXX-XXXX-XXXX</bdi> }}
            />
          ) : isApiError(check.error) ? (
            errorText(intl, check.error)
          ) : (
            intl.formatMessage({ id: 'licence.tryAgain', defaultMessage: 'Try again in a moment.' })
          )
        }
      />
    );
  }
  return <Verdict licence={check.data.data} />;
}
