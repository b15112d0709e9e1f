import { FormattedMessage } from 'react-intl';
import type { TrackListSource } from '../hooks/use-track-source';

type DidYouMeanProps = {
  source: TrackListSource;
  /** Runs the suggested search. */
  onSearch: (keyword: string) => void;
};

/** "Did you mean X?" under a search that found nothing, when the server knows a close search that finds something. */
export function DidYouMean({ source, onSearch }: DidYouMeanProps) {
  const { suggestion } = source;
  if (source.status !== 'success' || source.total > 0 || !suggestion) return null;
  return (
    <p className="text-sm text-fg-muted">
      <FormattedMessage
        id="catalog.didYouMean"
        defaultMessage="Did you mean <link>{suggestion}</link>?"
        values={{
          suggestion,
          link: (chunks) => (
            <button
              type="button"
              onClick={() => onSearch(suggestion)}
              className="font-semibold text-accent underline underline-offset-2 hover:text-accent-hover"
            >
              {chunks}
            </button>
          ),
        }}
      />
    </p>
  );
}
