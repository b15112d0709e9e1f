import { defineMessages } from 'react-intl';

/** index.html's own texts, written into each locale's pages by scripts/web-postbuild.mjs. */
export const documentMessages = defineMessages({
  title: { id: 'document.title', defaultMessage: 'Tarab — Royalty-free oriental music' },
  description: {
    id: 'document.description',
    defaultMessage:
      "Tarab — the world's first dedicated store of royalty-free oriental music: tracks, loops and albums curated for artists, producers and fans.",
  },
  noscript: { id: 'document.noscript', defaultMessage: 'Tarab needs JavaScript to play and browse music.' },
});
