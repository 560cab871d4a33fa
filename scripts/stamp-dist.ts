// The last step of `npm run build`: records in dist/source-hash.txt which source dist/ was built from,
// so that the tests of what users run (test/setup/fresh-bundles.ts) run the committed dist/ when it is
// current and build a fresh bundle when it is not.
import { writeFileSync } from 'node:fs';
import { DIST_STAMP, sourceHash } from './source-hash.js';

writeFileSync(DIST_STAMP, `${sourceHash()}\n`);
