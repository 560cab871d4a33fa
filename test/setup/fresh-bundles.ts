// Global setup of the projects that run what users run (e2e, corpus, slow): the CLI and Action bundles
// built by ncc from the current source, once per source state (cached in .bundle/<hash>), so that no
// test runs a dist/ older than the code beside it. DEPGATE_TEST_BUNDLE and DEPGATE_TEST_ACTION_BUNDLE
// name bundles to use instead: .ci/run passes the dist/ it has just built and checked.
import { freshActionBundle, freshCliBundle } from '../helpers/fresh-bundle.js';

export default async function setup(): Promise<void> {
  const started = Date.now();
  const cli = await freshCliBundle();
  const action = await freshActionBundle();
  // Set here, in the main process, before the test workers start: they inherit them.
  process.env.DEPGATE_TEST_BUNDLE = cli;
  process.env.DEPGATE_TEST_ACTION_BUNDLE = action;
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 2)
    console.log(`depgate: built the CLI and Action bundles from the source in ${seconds.toFixed(0)} s`);
}
