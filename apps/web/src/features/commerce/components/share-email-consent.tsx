import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The buyer's choice at checkout (spec §2 "Artist analytics", issue #32 item 11, decision 059):
 * whether the artist of each track sees their email beside their name on the artist's Sales page.
 * On by default; the privacy policy says so. Sent with the checkout request and the payment.
 */
export function ShareEmailConsent({
  checked,
  onChange,
  disabled,
  plural = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A playlist: the artists of its tracks. */
  plural?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line bg-canvas/40 px-4 py-3">
      <input
        id={id}
        type="checkbox"
        name="share_email"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-saffron-400"
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="font-medium text-fg">
          {plural ? (
            <FormattedMessage id="checkout.shareEmailArtists" defaultMessage="Share my email with the artists" />
          ) : (
            <FormattedMessage id="checkout.shareEmail" defaultMessage="Share my email with the artist" />
          )}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-fg-subtle">
          <FormattedMessage
            id="checkout.shareEmailHint"
            defaultMessage="They see your name and email with the sale. Untick to show your name only. <link>Privacy policy</link>"
            values={{
              link: (chunks) => (
                <Link
                  to={paths.privacyPolicy.getHref()}
                  className="font-medium text-accent underline-offset-4 hover:underline"
                >
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </div>
    </div>
  );
}
