import { useIntl } from 'react-intl';

/**
 * The document title of a page (React 19 hoists `<title>` into the head; the build's prerender moves
 * it there too): "{title} · Tarab", "{title} · طرب" on Arabic pages (issue 32 item 8).
 */
export function PageTitle({ title }: { title: string }) {
  const intl = useIntl();
  return (
    <title>{intl.formatMessage({ id: 'document.pageTitle', defaultMessage: '{title} · Tarab' }, { title })}</title>
  );
}
