import { FormattedMessage } from 'react-intl';
import { Container } from '@/components/ui/container';

/**
 * Above a content page that has no translation yet, on pages in another language (issue 19): the
 * English text follows, and it governs. The page itself is marked `lang="en" dir="ltr"` by its caller.
 */
export function EnglishOnlyNotice() {
  return (
    <Container className="pt-6">
      <p
        role="note"
        className="rounded-xl border border-accent/30 bg-accent/5 px-4 py-3 text-sm leading-6 text-fg-muted"
      >
        <FormattedMessage
          id="legal.englishOnly"
          defaultMessage="This page is available in English only for now. The English text is the one that governs."
        />
      </p>
    </Container>
  );
}
