/**
 * Imported on its own by src/main.tsx before the app, so that the router's and the query cache's
 * code is evaluated in a task of its own (their chunks are shared with the app: nothing is loaded
 * twice).
 */
export { createBrowserRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
