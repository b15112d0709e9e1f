import { FormattedMessage, useIntl } from 'react-intl';
import { ExternalLinkIcon } from '@/components/ui/icons';
import type { ShopLink } from '@/config/external-links';

/** An external shop page (spec §2), in a new tab; the name says so to screen readers. */
export function ShopLinkItem({ link, className }: { link: ShopLink; className: string }) {
  const intl = useIntl();
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {intl.formatMessage(link.label)}
      <ExternalLinkIcon className="size-3.5 shrink-0 opacity-70" />
      <span className="sr-only">
        {' '}
        <FormattedMessage id="common.opensInNewTab" defaultMessage="(opens in a new tab)" />
      </span>
    </a>
  );
}
