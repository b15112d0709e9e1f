import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { Container } from '@/components/ui/container';
import { localizePath } from '@/lib/i18n/locales';

const linkClass =
  'font-medium text-accent underline decoration-accent/50 decoration-1 underline-offset-4 transition-colors hover:text-accent-hover hover:decoration-accent-hover';

/**
 * Above a translated content page (issue 19): it is a translation, the English text governs, and a
 * link to the English version of the same page. A plain link: the English page loads in English.
 */
export function TranslationNotice() {
  // useLocation() is relative to the router's basename: the path without its locale.
  const { pathname } = useLocation();
  return (
    <Container className="pt-6">
      <p
        role="note"
        data-testid="translation-notice"
        className="rounded-xl border border-accent/30 bg-accent/5 px-4 py-3 text-sm leading-6 text-fg-muted"
      >
        <FormattedMessage
          id="legal.translationNotice"
          defaultMessage="This page is a translation. The English text is the one that governs: <link>read the English version</link>."
          values={{
            link: (chunks) => (
              <a href={localizePath(pathname, 'en')} hrefLang="en" className={linkClass}>
                {chunks}
              </a>
            ),
          }}
        />
      </p>
    </Container>
  );
}
