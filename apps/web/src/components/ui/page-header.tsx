import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Container } from './container';

type PageHeaderProps = {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Sets the document title; defaults to the page title. */
  documentTitle?: string;
};

/** The top band of every page: optional eyebrow, the page's h1, a description. */
export function PageHeader({ title, eyebrow, description, actions, documentTitle }: PageHeaderProps) {
  const intl = useIntl();
  return (
    <header className="relative isolate overflow-hidden border-b border-line">
      <title>
        {intl.formatMessage(
          { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
          { title: documentTitle ?? title },
        )}
      </title>
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.07] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-80 w-[44rem] max-w-[160%] -translate-x-1/2 rounded-full bg-saffron-500/10 blur-3xl"
      />
      <Container className="py-12 sm:py-16">
        {eyebrow ? (
          <p className="mb-3 text-xs font-semibold tracking-eyebrow text-accent uppercase">{eyebrow}</p>
        ) : null}
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div className="min-w-0">
            <h1 className="text-4xl font-bold text-fg sm:text-5xl">{title}</h1>
            {description ? <p className="mt-3 max-w-prose text-lg text-fg-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
        </div>
      </Container>
    </header>
  );
}
