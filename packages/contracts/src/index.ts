// Package entry: each module of the contract in its own file.
export * from './account.js';
export * from './auth.js';
export * from './catalog.js';
export * from './commerce.js';
export * from './errors.js';
export * from './health.js';
export * from './library.js';
export * from './limits.js';
export * from './messages.js';
export * from './ingest.js';
export * from './numbers.js';
export * from './quotes.js';
export * from './licenses.js';
