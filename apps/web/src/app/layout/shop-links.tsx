import { useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { SiteConfigResponse } from '@tarab/contracts';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * The header's two shop pages (spec §1, §2: custom music; loops and templates). Their addresses come
 * from the server's configuration (SHOP_CUSTOM_MUSIC_URL, SHOP_LOOPS_URL, `GET /api/site-config`) and
 * open in a new tab; not configured (or not answered yet: the prerendered header), they are the store's
 * own Enterprise and loops pages, in the same tab (issue #32, decision 058).
 */
export type ShopLink = {
  key: 'custom-music' | 'loops';
  href: string;
  label: MessageDescriptor;
  /** Another site's page: a new tab, said to screen readers. */
  external: boolean;
};

const m = defineMessages({
  customMusic: { id: 'shop.customMusic', defaultMessage: 'Custom music' },
  loopsAndTemplates: { id: 'shop.loopsAndTemplates', defaultMessage: 'Loops & templates' },
});

/** Only http(s) addresses are links (the server checks them too): anything else falls back. */
const httpUrl = (value: string | null | undefined) =>
  value && /^https?:\/\//i.test(value) && URL.canParse(value) ? value : null;

function shopLinksOf(config: SiteConfigResponse | undefined): ShopLink[] {
  const customMusic = httpUrl(config?.shop_links.custom_music);
  const loops = httpUrl(config?.shop_links.loops);
  return [
    {
      key: 'custom-music',
      href: customMusic ?? paths.enterprise.getHref(),
      label: m.customMusic,
      external: customMusic !== null,
    },
    { key: 'loops', href: loops ?? paths.loops.getHref(), label: m.loopsAndTemplates, external: loops !== null },
  ];
}

const siteConfigQueryKey = ['site-config'] as const;

/** The shop links of the header and the Menu: the store's own pages until the server's settings arrive. */
export function useShopLinks(): ShopLink[] {
  const config = useQuery({
    queryKey: siteConfigQueryKey,
    queryFn: ({ signal }) => api.call(Api.config.site, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return shopLinksOf(config.data);
}

/** One shop page: another site's in a new tab (its name says so to screen readers), the store's own as a link. */
export function ShopLinkItem({
  link,
  className,
  onNavigate,
}: {
  link: ShopLink;
  className: string;
  onNavigate?: () => void;
}) {
  const intl = useIntl();
  if (!link.external) {
    return (
      <Link to={link.href} className={className} onClick={onNavigate}>
        {intl.formatMessage(link.label)}
      </Link>
    );
  }
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
