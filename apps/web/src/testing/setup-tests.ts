import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The whole suite shares two cores with the server tests: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout: scrolling is a no-op we can observe in tests.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
