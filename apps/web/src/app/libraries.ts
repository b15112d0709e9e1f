/**
 * The router's and the query cache's chunks, evaluated in a task of their own before the app's
 * (src/main.tsx). Named exports only, so the bundler keeps only what the app uses of them.
 */
export { createBrowserRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
