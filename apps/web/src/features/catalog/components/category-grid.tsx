import { categoryTypeNames } from '../lib/category-types';
import { catalogName } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { FilterOption } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { safeColor, type CategoryType } from '../lib/category';

/** A category tile: its colour, image and name; opens the category page (spec §2 /music). */
function CategoryTile({ option, type }: { option: FilterOption; type: CategoryType }) {
  const color = safeColor(option.color) ?? '#2e2853';
  const style = { '--tile': color } as CSSProperties;
  const intl = useIntl();
  return (
    <Link
      to={paths.musicDetails.getHref(option.id, {
        title: option.name,
        image: option.image,
        bgColor: option.color,
        type,
      })}
      style={style}
      className="group relative isolate flex aspect-[5/3] flex-col justify-end overflow-hidden rounded-2xl bg-[var(--tile)] p-4 shadow-card ring-1 ring-white/10 transition-[transform,box-shadow] duration-200 hover:-translate-y-0.5 hover:ring-white/25"
    >
      <img
        src={option.image}
        alt=""
        loading="lazy"
        decoding="async"
        width={128}
        height={128}
        className="absolute -top-3 -end-3 -z-10 size-28 rotate-12 rounded-2xl opacity-90 shadow-pop transition-transform duration-300 group-hover:rotate-6 sm:size-32"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-950/85 via-ink-950/35 to-transparent"
      />
      <span className="font-display text-xl leading-tight font-semibold text-fg drop-shadow">
        {catalogName(option.name, intl.locale)}
      </span>
      <span className="text-xs font-medium text-sand-200">
        <FormattedMessage
          id="catalog.trackCount"
          defaultMessage="{count, plural, one {# track} other {# tracks}}"
          values={{ count: option.count }}
        />
      </span>
    </Link>
  );
}

/** One browse grid (Genres, Moods…) under its heading. */
export function CategoryGrid({ type, options }: { type: CategoryType; options: readonly FilterOption[] }) {
  const headingId = `category-${type.toLowerCase()}`;
  const intl = useIntl();
  const name = intl.formatMessage(categoryTypeNames[type]);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold text-fg sm:text-3xl">
        {name}
      </h2>
      <ul aria-label={name} className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {options.map((option) => (
          <li key={option.id}>
            <CategoryTile option={option} type={type} />
          </li>
        ))}
      </ul>
    </section>
  );
}
