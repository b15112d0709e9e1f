import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { commonMessages } from '@/lib/i18n/common-messages';
import { errorText } from '@/lib/i18n/error-text';

const tones = {
  neutral: 'border-line',
  success: 'border-secondary/40',
  error: 'border-pomegranate-400/40',
} as const;

/** The card of a success page (a track's checkout, a playlist's): announced as it changes. */
export function PaymentPanel({
  children,
  tone = 'neutral',
  wide = false,
}: {
  children: ReactNode;
  tone?: keyof typeof tones;
  /** A list of tracks (a playlist's) rather than one centred receipt. */
  wide?: boolean;
}) {
  return (
    <section
      aria-live="polite"
      className={cx(
        'mx-auto rounded-2xl border bg-surface py-10 shadow-card sm:px-10',
        wide ? 'max-w-3xl px-5' : 'max-w-xl px-6 text-center',
        tones[tone],
      )}
    >
      {children}
    </section>
  );
}

/** While the server confirms the checkout. */
export function PaymentPending() {
  return (
    <PaymentPanel>
      <span
        aria-hidden="true"
        className="mx-auto block size-10 animate-spin rounded-full border-4 border-accent/20 border-t-accent"
      />
      <h2 className="mt-4 text-2xl font-semibold text-fg">
        <FormattedMessage id="payment.processing" defaultMessage="Processing your payment..." />
      </h2>
    </PaymentPanel>
  );
}

/** The checkout could not be confirmed (`error`), or the link has no session: the way home. */
export function PaymentFailed({ error }: { error: Error | null }) {
  const intl = useIntl();
  return (
    <PaymentPanel tone="error">
      <h2 className="text-2xl font-semibold text-fg">{intl.formatMessage(commonMessages.paymentOops)}</h2>
      <p role="alert" className="mt-3 text-fg-muted">
        {error?.message
          ? errorText(intl, error)
          : intl.formatMessage({
              id: 'payment.missingSession',
              defaultMessage: 'The payment session is missing from the link.',
            })}
      </p>
      <LinkButton to={paths.home.getHref()} variant="secondary" className="mt-8">
        <FormattedMessage id="checkout.goHome" defaultMessage="Go to Home Page" />
      </LinkButton>
    </PaymentPanel>
  );
}

/** The tick over a confirmed payment. */
export function PaymentTick() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-secondary/15 text-3xl text-secondary ring-1 ring-secondary/40"
    >
      ✓
    </div>
  );
}
