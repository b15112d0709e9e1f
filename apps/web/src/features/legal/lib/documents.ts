import type { LoaderFunctionArgs } from 'react-router';
import { localeOfPath, type Locale } from '@/lib/i18n/locales';
import type { MarkdownDocument } from './markdown';

/** The site's content files: `src/content/<name>.md` (English, governing) and its translations. */
export type ContentName =
  'about-us' | 'copyright' | 'faqs' | 'privacy-policy' | 'sales-agreement' | 'terms-of-use' | 'tuning-files';

/** A content file as a page shows it: the document and the language it is written in. */
export type LocalizedDocument = { document: MarkdownDocument; lang: Locale };

type Loaders = Record<string, () => Promise<{ default: MarkdownDocument }>>;

/** `…/content/ar/terms-of-use.md` → `terms-of-use`. */
const byName = (files: Loaders): Loaders =>
  Object.fromEntries(Object.entries(files).map(([path, load]) => [path.replace(/^.*\/|\.md$/g, ''), load]));

// Lazy globs: every file is its own chunk, so a page downloads its own language's text only.
const english = byName(import.meta.glob<{ default: MarkdownDocument }>('../../../content/*.md'));
const translations: Partial<Record<Locale, Loaders>> = {
  ar: byName(import.meta.glob<{ default: MarkdownDocument }>('../../../content/ar/*.md')),
};

/** The content file `name` in `locale`, or the English one while it has no translation. */
export async function loadContent(name: ContentName, locale: Locale): Promise<LocalizedDocument> {
  const translated = locale === 'en' ? undefined : translations[locale]?.[name];
  if (translated) return { document: (await translated()).default, lang: locale };
  const load = english[name];
  if (!load) throw new Error(`src/content/${name}.md does not exist`);
  return { document: (await load()).default, lang: 'en' };
}

/**
 * A route loader giving the page's content files in the language of its URL (`/ar/…` → Arabic):
 * the prerendered HTML and the hydrated page read the same document.
 */
export const contentLoader =
  <Names extends ContentName[]>(...names: Names) =>
  ({ request }: LoaderFunctionArgs): Promise<{ [Index in keyof Names]: LocalizedDocument }> => {
    const locale = localeOfPath(new URL(request.url).pathname);
    return Promise.all(names.map((name) => loadContent(name, locale))) as never;
  };
