import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useAuditionStore } from '@/features/audition/stores/audition-store';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/player-store';
import { resetActiveIntl } from '@/lib/i18n/active-locale';

// The app's stores are module singletons, shared by the files of a worker (decision 049): each test
// starts with the player stopped and an empty audition project, whatever the file before it did.
const initialAuditionState = useAuditionStore.getState();

// The whole suite shares two cores with the server tests: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
  useAuditionStore.setState(initialAuditionState, true);
  // An Arabic page's locale must not format the next file's prices and dates (decision 049).
  resetActiveIntl();
});

// jsdom has no layout: scrolling is a no-op we can observe in tests.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
