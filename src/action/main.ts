// The Action's entry (bundled to dist/index.js): one run on the runner's event; run() catches everything.
// Once it returns, everything is written: a platform retry still waiting after another part of the run
// failed must not hold the step open.
import { exitWhenFlushed } from '../edge-shared/index.js';
import { processDeps } from './process-deps.js';
import { run } from './run.js';

await run(processDeps());
// process.exitCode was set by run() (core.setFailed); the annotations and logs reach the runner first.
await exitWhenFlushed();
