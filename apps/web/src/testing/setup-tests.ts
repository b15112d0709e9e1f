import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useAuditionStore } from '@/features/audition/stores/audition-store';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/player-store';

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
});

// jsdom has no layout: scrolling is a no-op we can observe in tests.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
