import { categoryTypeName } from '../lib/category-types';
import { catalogName } from '@/lib/i18n/catalog-names';
import { useIntl } from 'react-intl';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { safeColor, safeImagePath } from '../lib/category';

type CategoryHeaderProps = {
  title: string;
  /** The name as the page writes it, when the caller knows it (the server's Arabic name); else `title` translated. */
  name?: string;
  type: string | null;
  image: string | null;
  bgColor: string | null;
};

/**
 * The header of a category page (spec §2 /music/details): breadcrumb Music / type / title, a
 * band in the category's colour, its image (hidden when the type is Generics).
 */
export function CategoryHeader({ title, name: localName, type, image, bgColor }: CategoryHeaderProps) {
  const color = safeColor(bgColor) ?? '#2e2853';
  const imageUrl = type === 'Generics' ? null : safeImagePath(image);
  const intl = useIntl();
  const typeDescriptor = type ? categoryTypeName(type) : undefined;
  const typeName = type && typeDescriptor ? intl.formatMessage(typeDescriptor) : type;
  const name = localName ?? catalogName(title, intl.locale);
  const music = intl.formatMessage({ id: 'nav.music', defaultMessage: 'Music' });
  return (
    <header
      style={{ '--band': color } as CSSProperties}
      className="relative isolate overflow-hidden border-b border-line bg-[var(--band)]"
    >
      <title>
        {intl.formatMessage({ id: 'category.pageTitle', defaultMessage: '{name} · {music} · Tarab' }, { name, music })}
      </title>
      {/* Dark wash over the colour keeps the text readable (AA) whatever the colour. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-950/90 via-ink-950/70 to-ink-950/30 rtl:bg-gradient-to-l"
      />
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.08] [mask-image:linear-gradient(to_left,black,transparent_70%)]"
      />
      <Container className="py-10 sm:py-14">
        <nav aria-label={intl.formatMessage({ id: 'common.breadcrumb', defaultMessage: 'Breadcrumb' })}>
          <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-sand-200">
            <li>
              <Link to={paths.music.getHref()} className="rounded-sm font-semibold text-fg hover:underline">
                {music}
              </Link>
            </li>
            {type ? (
              <li className="flex items-center gap-2">
                <span aria-hidden="true">/</span>
                <span>{typeName}</span>
              </li>
            ) : null}
            <li className="flex min-w-0 items-center gap-2">
              <span aria-hidden="true">/</span>
              <span aria-current="page" className="truncate">
                {name}
              </span>
            </li>
          </ol>
        </nav>
        <div className="mt-6 flex items-center gap-5 sm:gap-7">
          {imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              width={128}
              height={128}
              className="size-20 shrink-0 rounded-2xl shadow-pop ring-1 ring-white/15 sm:size-32"
            />
          ) : null}
          <div className="min-w-0">
            {type ? <p className="text-xs font-semibold tracking-eyebrow text-sand-200 uppercase">{typeName}</p> : null}
            <h1 className="mt-1 text-4xl font-bold break-words text-fg sm:text-5xl">{name}</h1>
          </div>
        </div>
      </Container>
    </header>
  );
}
