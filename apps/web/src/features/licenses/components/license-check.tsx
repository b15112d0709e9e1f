import { serverText } from '@/lib/i18n/server-messages';
import type { LicenseVerification } from '@tarab/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { useVerifyLicense } from '../api/verify-license';
import { dateFormat } from '@/lib/format';

const dateOf = (iso: string) =>
  dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(new Date(iso));

function Verdict({ licence }: { licence: LicenseVerification }) {
  const valid = licence.status === 'valid';
  const rows: Array<[string, string]> = [
    ['Licence key', licence.license_key],
    [licence.track.kind === 'loop' ? 'Loop' : 'Track', licence.track.title],
    ['Artist', licence.artist],
    ['Licensee', licence.licensee],
    ['Issued', dateOf(licence.issued_at)],
    ['Obtained by', licence.obtained_by === 'purchase' ? 'Single-track purchase' : 'Subscription download'],
    ...(licence.revoked_at ? ([['Revoked', dateOf(licence.revoked_at)]] as Array<[string, string]>) : []),
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
        {valid ? '✓ Valid licence' : '✕ Revoked licence'}
      </p>
      <h2 id="verdict" className="mt-4 text-2xl font-bold text-fg">
        {valid
          ? 'This licence is valid.'
          : 'This licence was revoked: the purchase was refunded or disputed, so it no longer covers the track.'}
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
        The licensee&apos;s name is partly hidden. Ask them for their licence certificate to compare.
      </p>
    </section>
  );
}

/** The public check of one licence key: valid or revoked, with what it covers. */
export function LicenseCheck({ licenseKey }: { licenseKey: string }) {
  const check = useVerifyLicense(licenseKey);
  if (check.isPending) return <LoadingState label="Checking the licence…" />;
  if (check.isError) {
    const unknown = isApiError(check.error) && check.error.status === 404;
    return (
      <EmptyState
        title={unknown ? 'No licence with this key' : 'The licence could not be checked'}
        description={
          unknown
            ? 'Check the key on the certificate: it looks like TRB-XXXX-XXXX-XXXX-XXXX.'
            : isApiError(check.error)
              ? serverText(check.error.message)
              : 'Try again in a moment.'
        }
      />
    );
  }
  return <Verdict licence={check.data.data} />;
}
