import { useMemo } from 'react';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { readLongDocument } from '../lib/document';
import { safeHref, type MarkdownDocument } from '../lib/markdown';
import { useMetaDescription } from '../hooks/use-meta-description';
import { MarkdownBlocks, MarkdownInline } from './markdown-content';
import type { Locale } from '@/lib/i18n/locales';
import { DocumentLanguage } from './document-language';

/** A same-site path from the front matter, or null (buttons only lead inside the site). */
const internalHref = (href: string | undefined) => {
  const safe = href ? safeHref(href) : null;
  return safe?.startsWith('/') ? safe : null;
};

/**
 * The "who we are" page: a lead paragraph, the story in sections and a closing call to
 * action. Text and button labels come from the Markdown file and its front matter.
 */
export function AboutPage({ source, lang = 'en' }: { source: MarkdownDocument; lang?: Locale }) {
  const { meta, intro, sections } = useMemo(() => readLongDocument(source), [source]);
  useMetaDescription(meta.description);
  const primaryHref = internalHref(meta.cta_primary_href);
  const secondaryHref = internalHref(meta.cta_secondary_href);

  const page = (
    <>
      <PageHeader eyebrow={meta.eyebrow} title={meta.title ?? ''} description={meta.description} />
      <Container className="py-12 sm:py-16">
        {intro.length > 0 ? <MarkdownBlocks blocks={intro} variant="lead" className="max-w-4xl" /> : null}

        <div className="mt-14 sm:mt-20">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="border-t border-line/70 py-10 sm:py-14 lg:grid lg:grid-cols-12 lg:gap-12"
            >
              <div className="lg:col-span-4">
                <div aria-hidden="true" className="mb-4 flex items-center gap-3">
                  <span className="h-px w-10 bg-accent" />
                  <span className="size-1.5 rotate-45 bg-accent" />
                </div>
                <h2 id={`${section.id}-heading`} className="text-3xl font-bold text-fg sm:text-4xl">
                  <MarkdownInline nodes={section.heading} />
                </h2>
              </div>
              <MarkdownBlocks blocks={section.blocks} className="mt-5 max-w-[70ch] lg:col-span-8 lg:mt-1" />
            </section>
          ))}
        </div>

        {meta.cta_title ? (
          <section
            aria-labelledby="about-cta-heading"
            className="relative isolate mt-6 overflow-hidden rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-card sm:px-12 sm:py-16"
          >
            <div aria-hidden="true" className="pattern-stars absolute inset-0 -z-10 opacity-[0.08]" />
            <div
              aria-hidden="true"
              className="absolute -bottom-32 left-1/2 -z-10 h-64 w-[36rem] max-w-[140%] -translate-x-1/2 rounded-full bg-saffron-500/15 blur-3xl"
            />
            <h2 id="about-cta-heading" className="text-3xl font-bold text-fg sm:text-4xl">
              {meta.cta_title}
            </h2>
            {meta.cta_text ? (
              <p className="mx-auto mt-4 max-w-prose text-base leading-7 text-fg-muted sm:text-lg">{meta.cta_text}</p>
            ) : null}
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              {primaryHref && meta.cta_primary_label ? (
                <LinkButton to={primaryHref} size="lg">
                  {meta.cta_primary_label}
                </LinkButton>
              ) : null}
              {secondaryHref && meta.cta_secondary_label ? (
                <LinkButton to={secondaryHref} variant="secondary" size="lg">
                  {meta.cta_secondary_label}
                </LinkButton>
              ) : null}
            </div>
          </section>
        ) : null}
      </Container>
    </>
  );
  return <DocumentLanguage lang={lang}>{page}</DocumentLanguage>;
}
