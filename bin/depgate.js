#!/usr/bin/env node
// The `depgate` command: the bundled CLI in dist/ (built by `npm run build`, committed).
import '../dist/cli/index.js';
