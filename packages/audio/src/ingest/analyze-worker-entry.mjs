// Entry point of ingestion worker threads (the same pattern as render/render-worker-entry.mjs):
// the package is TypeScript source and worker threads do not share the parent's module loader,
// so the worker registers tsx's loader itself, then loads the TypeScript worker.
// analyzeUploadInWorker strips any tsx flags inherited from the parent so tsx is registered once.
import { register } from 'tsx/esm/api';

register();
await import('./analyze-worker.ts');
