import { FormattedMessage } from 'react-intl';
import { useMemo } from 'react';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { formatLongDate, readLongDocument } from '../lib/document';
import type { MarkdownDocument } from '../lib/markdown';
import type { Locale } from '@/lib/i18n/locales';
import { DocumentLanguage } from './document-language';
import { useActiveSection } from '../hooks/use-active-section';
import { useMetaDescription } from '../hooks/use-meta-description';
import { MarkdownBlocks, MarkdownInline } from './markdown-content';
import { DesktopSectionIndex, MobileSectionIndex } from './section-index';

type LegalDocumentProps = {
  /**
   * The compiled Markdown file (`import doc from '@/content/….md'`; front matter: title, eyebrow,
   * description, updated, updated_label, version).
   */
  source: MarkdownDocument;
  /**
   * For a page that shows another page's document (/faqs shows the terms): a compiled Markdown
   * file whose front matter (title, eyebrow, description) replaces the document's own.
   */
  pageSource?: MarkdownDocument;
  /** The language the documents are written in (`loadContent`); English unless said. */
  lang?: Locale;
};

/**
 * A long legal text: the page header with its date line, a side index of the numbered
 * sections (sticky column on desktop, collapsible bar on small screens) that scrolls to
 * a section and marks the one being read, and the text at a comfortable measure.
 */
export function LegalDocument({ source, pageSource, lang = 'en' }: LegalDocumentProps) {
  const doc = useMemo(() => readLongDocument(source), [source]);
  const page = pageSource?.meta ?? {};
  const { intro, sections } = doc;
  const meta = { ...doc.meta, ...page };
  const entries = useMemo(
    () => sections.map(({ id, number, title: sectionTitle }) => ({ id, number, title: sectionTitle })),
    [sections],
  );
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries]);
  const { activeId, scrollToSection } = useActiveSection(ids);

  const pageTitle = meta.title ?? '';
  const pageDescription = meta.description;
  useMetaDescription(pageDescription);

  const dateLine = meta.updated ? (
    <span
      data-testid="document-date"
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-subtle"
    >
      <span>
        {meta.updated_label ?? <FormattedMessage id="legal.lastUpdated" defaultMessage="Last updated" />}{' '}
        <time dateTime={meta.updated}>{formatLongDate(meta.updated)}</time>
      </span>
      {meta.version ? (
        <>
          {' '}
          <span aria-hidden="true">·</span>{' '}
          <span>
            <FormattedMessage
              id="legal.version"
              defaultMessage="Version {version}"
              values={{ version: meta.version }}
            />
          </span>
        </>
      ) : null}
    </span>
  ) : null;

  const content = (
    <>
      <PageHeader
        eyebrow={meta.eyebrow}
        title={pageTitle}
        description={
          pageDescription || dateLine ? (
            <>
              {pageDescription}
              {dateLine}
            </>
          ) : undefined
        }
      />
      <Container className="pt-0 pb-8 lg:pt-14">
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[17rem_minmax(0,1fr)] xl:gap-20">
          <MobileSectionIndex
            entries={entries}
            activeId={activeId}
            onSelect={(id) => scrollToSection(id)}
            className="lg:hidden"
          />
          <aside className="hidden lg:block">
            <DesktopSectionIndex entries={entries} activeId={activeId} onSelect={(id) => scrollToSection(id)} />
          </aside>

          <article className="max-w-[70ch] min-w-0">
            {intro.length > 0 ? <MarkdownBlocks blocks={intro} className="mb-12" /> : null}
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                data-testid="document-section"
                className="scroll-mt-36 border-t border-line/70 pt-10 pb-4 first-of-type:border-t-0 first-of-type:pt-0 lg:scroll-mt-24"
              >
                <h2
                  id={`${section.id}-heading`}
                  tabIndex={-1}
                  data-section-heading=""
                  className="flex items-baseline gap-3 text-2xl font-bold text-fg focus:outline-none sm:text-3xl"
                >
                  {section.number ? (
                    <span className="font-sans text-lg font-semibold text-accent tabular-nums sm:text-xl">
                      {section.number}.
                    </span>
                  ) : null}{' '}
                  <span className="min-w-0">
                    <MarkdownInline nodes={section.heading} />
                  </span>
                </h2>
                <MarkdownBlocks blocks={section.blocks} className="mt-5" />
              </section>
            ))}
          </article>
        </div>
      </Container>
    </>
  );
  return <DocumentLanguage lang={lang}>{content}</DocumentLanguage>;
}
