import { defineMessages } from 'react-intl';

/** What the library's routes answer when they succeed (contracts library.ts), as the web app says it. */
export const libraryAnswers = defineMessages({
  playlistDeleted: { id: 'library.answer.playlistDeleted', defaultMessage: 'Playlist deleted.' },
  trackAlreadyInPlaylist: {
    id: 'library.answer.trackAlreadyInPlaylist',
    defaultMessage: 'The track is already in this playlist.',
  },
});
