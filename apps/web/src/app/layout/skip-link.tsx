import { FormattedMessage } from 'react-intl';

/** First focusable element of the page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="fixed start-3 top-3 z-[60] -translate-y-24 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-on-accent shadow-glow transition-transform focus-visible:translate-y-0"
    >
      <FormattedMessage id="layout.skipToContent" defaultMessage="Skip to content" />
    </a>
  );
}
