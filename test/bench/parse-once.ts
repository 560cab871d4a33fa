// Parses one file once with the named parser, in a fresh process with every module already loaded, and
// prints the time of that first parse, wall and CPU (cold: nothing is compiled or optimised yet, as in one run of the
// CLI or the Action) and the process's peak RSS. Run by measure.ts, one child process per parse.
import { readFileSync } from 'node:fs';
import { PARSERS } from './parsers.js';

const [parser, file, manifestFile] = process.argv.slice(2);
const chosen = PARSERS[parser ?? ''];
if (chosen === undefined || file === undefined) {
  console.error(`usage: parse-once <${Object.keys(PARSERS).join('|')}> <file> [package.json]`);
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const manifest = manifestFile === undefined ? '{}' : readFileSync(manifestFile, 'utf8');
const cpuStart = process.cpuUsage();
const start = performance.now();
const result: unknown = await chosen.parse({ text, file, manifest });
const coldMs = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
// CPU time of the process (its GC threads included): what a busy machine moves less than wall time.
const cpuMs = (cpu.user + cpu.system) / 1000;
if (result === undefined) process.exitCode = 1;
console.log(
  JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, coldMs, cpuMs, count: chosen.count(result) }),
);
