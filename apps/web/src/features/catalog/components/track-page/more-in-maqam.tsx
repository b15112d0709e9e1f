import { defineMessages, useIntl } from 'react-intl';
import type { TrackDetailDto } from '@tarab/contracts';
import { catalogName } from '@/lib/i18n/catalog-names';
import { staticTrackSource } from '../../hooks/use-track-source';
import type { TrackListBindings } from '../../types';
import { TrackList } from '../track-list';
import { useMoreInMaqam } from './get-track';
import { untypedMessages } from './untyped-messages';

const text = untypedMessages(
  defineMessages({
    title: { id: 'trackPage.moreInMaqam', defaultMessage: 'More in maqam {maqam}' },
    none: { id: 'trackPage.moreInMaqamNone', defaultMessage: 'Nothing else in this maqam yet.' },
  }),
);

/**
 * "More in this maqam" (issue #32): tracks (or loops) of the same maqam from the catalog's list. The
 * similar-tracks work will fill it with its own query. Nothing when the track has no maqam.
 */
export function MoreInMaqam({ track, ...bindings }: { track: TrackDetailDto } & TrackListBindings) {
  const intl = useIntl();
  const more = useMoreInMaqam(track);
  if (!track.maqam) return null;
  const title = intl.formatMessage(text.title, { maqam: catalogName(track.maqam, intl.locale) });
  return (
    <section aria-labelledby="track-more-title">
      <h2 id="track-more-title" className="text-2xl font-bold text-fg sm:text-3xl">
        {title}
      </h2>
      <TrackList
        key={track.id}
        source={staticTrackSource(more.data, more.isPending ? 'pending' : more.isError ? 'error' : 'success')}
        label={title}
        emptyText={intl.formatMessage(text.none)}
        className="mt-5"
        {...bindings}
      />
    </section>
  );
}
