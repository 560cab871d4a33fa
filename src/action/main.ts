// The Action's entry (bundled to dist/index.js): one run on the runner's event; run() catches everything.
import { processDeps } from './process-deps.js';
import { run } from './run.js';

await run(processDeps());
