import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ShareEmailConsent } from './share-email-consent';

/**
 * The buyer's email choice before leaving for a hosted payment page (the `stripe` driver, whose page
 * has no such box; issue #32 item 11, decision 059). The local test page asks on its own page; this
 * asks before the browser leaves the store, ticked by default, like the checkout page.
 */
export function HostedCheckoutConsent({
  open,
  busy,
  onContinue,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  /** The buyer's choice: share the email with the artist or not. */
  onContinue: (shareEmail: boolean) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [shareEmail, setShareEmail] = useState(true);
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'checkout.hosted.title', defaultMessage: 'Before you pay' })}
      onClose={onClose}
      initialFocusRef={continueRef}
    >
      <p className="mb-4 text-fg-muted">
        <FormattedMessage
          id="checkout.hosted.body"
          defaultMessage="You will pay on Stripe's secure page, then come back here for your download."
        />
      </p>
      <ShareEmailConsent checked={shareEmail} onChange={setShareEmail} disabled={busy} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          <FormattedMessage id="checkout.hosted.cancel" defaultMessage="Cancel" />
        </Button>
        <Button ref={continueRef} onClick={() => onContinue(shareEmail)} disabled={busy}>
          <FormattedMessage id="checkout.hosted.continue" defaultMessage="Continue to payment" />
        </Button>
      </div>
    </Modal>
  );
}
