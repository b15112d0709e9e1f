// Entry point of render worker threads. The package is TypeScript source, and worker threads do
// not share the parent's module loader (vitest's in particular), so the worker registers tsx's
// loader itself, from this package's own dependency, then loads the TypeScript worker.
// renderCatalog strips any tsx flags inherited from the parent so that tsx is registered once.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
