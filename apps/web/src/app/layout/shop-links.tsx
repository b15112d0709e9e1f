import { ExternalLinkIcon } from '@/components/ui/icons';
import type { ShopLink } from '@/config/external-links';

/** An external shop page (spec §2), in a new tab; the name says so to screen readers. */
export function ShopLinkItem({ link, className }: { link: ShopLink; className: string }) {
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {link.label}
      <ExternalLinkIcon className="size-3.5 shrink-0 opacity-70" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
