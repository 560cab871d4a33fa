// The executable entry of the `depgate` command (bundled to dist/cli/index.js).
import { main } from './main.js';

await main();
