// Parses one file once with the named parser and prints the process's peak RSS: run by measure.ts in a
// child process so each parser's memory is measured alone.
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
const result: unknown = await chosen.parse({ text, file, manifest });
if (result === undefined) process.exitCode = 1;
console.log(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS }));
