import { FormattedMessage, useIntl } from 'react-intl';
import { planText } from '../lib/plan-texts';
import { cx } from '@/lib/class-names';

/**
 * A plan's features (issue 32): what the store delivers with a check mark; what it does not deliver yet
 * (`coming_soon` from the products route: channels, AI voices) dimmed, without the check, and with a
 * "Coming soon" badge — never shown as included.
 */
export function PlanFeatures({
  features,
  comingSoon,
  className,
}: {
  features: readonly string[];
  comingSoon: readonly string[];
  className?: string;
}) {
  const intl = useIntl();
  const later = new Set(comingSoon);
  // Included first, then the ones still to come.
  const ordered = [...features.filter((f) => !later.has(f)), ...features.filter((f) => later.has(f))];
  return (
    <ul className={cx('space-y-2.5 text-sm', className)}>
      {ordered.map((feature) =>
        later.has(feature) ? (
          <li key={feature} data-coming-soon="" className="flex gap-2 text-fg-subtle">
            <span aria-hidden="true" className="inline-flex w-3.5 shrink-0 justify-center text-fg-subtle">
              ○
            </span>
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <bdi>{planText(intl, feature)}</bdi>
              <span className="rounded-full bg-white/5 px-2 py-0.5 text-[0.6875rem] leading-4 font-semibold tracking-wide text-fg-muted uppercase ring-1 ring-line">
                <FormattedMessage id="plans.comingSoon" defaultMessage="Coming soon" />
              </span>
            </span>
          </li>
        ) : (
          <li key={feature} className="flex gap-2 text-fg-muted">
            <span aria-hidden="true" className="inline-flex w-3.5 shrink-0 justify-center text-accent">
              ✓
            </span>
            <bdi>{planText(intl, feature)}</bdi>
          </li>
        ),
      )}
    </ul>
  );
}
