import { useIntl } from 'react-intl';
import { accountAnswers, accountAnswerText } from '../lib/account-answers';
import { useState } from 'react';
import { Container } from '@/components/ui/container';
import { useResendVerification } from '../api/account';
import { useAuth } from '../hooks/use-auth';
import { errorMessage } from '../lib/error-message';

const DISMISSED_KEY = 'tarab.verifyBannerDismissed';

/** Dismissed earlier in this browser session? (No storage when prerendering, or when refused.) */
function readDismissed(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Issue 17: an unverified account can browse, favourite, keep playlists and buy, but cannot start a
 * free trial or link Google. This dismissible banner says so (dismissed for the browser session).
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(readDismissed);
  const intl = useIntl();
  if (!user || user.email_verified !== false || dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): dismissed for this page view only.
    }
    setDismissed(true);
  };
  return (
    <section
      aria-label={intl.formatMessage({ id: 'verify.banner', defaultMessage: 'Confirm your email' })}
      className="border-b border-saffron-500/30 bg-saffron-500/10"
    >
      <Container className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm text-fg">
        <p className="min-w-64 flex-1">
          {resend.isSuccess
            ? accountAnswerText(intl, resend.data.message)
            : resend.isError
              ? errorMessage(intl, resend.error)
              : intl.formatMessage(accountAnswers.emailNotVerified)}
        </p>
        <div className="flex items-center gap-2">
          {!resend.isSuccess ? (
            <button
              type="button"
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
              className="rounded-full border border-saffron-400/60 px-3 py-1.5 font-semibold text-accent transition-colors hover:bg-saffron-400/10 disabled:opacity-60"
            >
              {resend.isPending
                ? intl.formatMessage({ id: 'verify.sending', defaultMessage: 'Sending…' })
                : intl.formatMessage({ id: 'verify.resend', defaultMessage: 'Send the link again' })}
            </button>
          ) : null}
          <button
            type="button"
            onClick={dismiss}
            aria-label={intl.formatMessage({ id: 'verify.dismiss', defaultMessage: 'Dismiss' })}
            className="grid size-8 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
            >
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </Container>
    </section>
  );
}
