// The schema object handed to Drizzle: every table of the data model.
export * from './catalog.js';
export * from './commerce.js';
export * from './ingest.js';
export * from './library.js';
export * from './meta.js';
export * from './users.js';
export * from './quotes.js';
export * from './admin.js';
