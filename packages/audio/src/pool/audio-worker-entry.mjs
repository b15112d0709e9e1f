// Entry point of the audio pool's worker threads. The package is TypeScript source and worker
// threads do not share the parent's module loader, so the worker registers tsx's loader itself,
// then loads the TypeScript task runner. createAudioPool strips any tsx flags inherited from the
// parent so tsx is registered once.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Audio work yields the CPU to the server's event loop: on Linux, setpriority(0) lowers the calling
// thread only (other systems may refuse or apply it to the process; then it is left as it is).
if (process.platform === 'linux') {
  try {
    setPriority(workerData?.nice ?? 10);
  } catch {
    // not permitted here: run at normal priority
  }
}

register();
const { runAudioTask } = await import('./audio-tasks.ts');

export default runAudioTask;
