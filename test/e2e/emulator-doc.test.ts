// The emulator's "Running it" section (docs/emulator.md), run as written: `depgate emulator --token t`
// as a child process, then every curl command of the section, each expected to answer 200. The commands are parsed (method,
// headers, body, URL, with the section's shell variables) and sent with fetch, so the test needs no
// curl on the machine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const DOC = readFileSync(join(import.meta.dirname, '../../docs/emulator.md'), 'utf8');
const start = DOC.indexOf('\n## Running it\n');
const section = start === -1 ? '' : DOC.slice(start, DOC.indexOf('\n## ', start + 1));
const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** Shell words of one line: single and double quotes, `$VAR` expanded from `vars`. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) {
    const expand = (t: string) => t.replace(/\$(\w+)/g, (_, v: string) => vars[v] ?? '');
    out.push(m[1] ?? expand(m[2] ?? m[3]!));
  }
  return out;
}

function curl(args: string[]) {
  let method: string | undefined;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let url = '';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-X') method = args[++i];
    else if (a === '-H') {
      const [k, ...v] = args[++i]!.split(':');
      headers[k!.trim().toLowerCase()] = v.join(':').trim();
    } else if (a === '-d') body = args[++i];
    else url = a;
  }
  if (body !== undefined) headers['content-type'] ??= 'application/x-www-form-urlencoded';
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, body, url };
}

describe('docs/emulator.md\'s "Running it" section', () => {
  it('starts as written, and every curl command in it answers 200', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const start = words(blocks[0]!.split('\n')[0]!, {});
    expect(start.slice(0, 2)).toEqual(['depgate', 'emulator']);
    // The same flags, on a free port.
    const flags = start.slice(2).map((w, i, all) => (all[i - 1] === '--port' ? '0' : w));
    const child = spawn(process.execPath, [BIN, 'emulator', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening on (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
      });
      const port = new URL(base).port;
      const lines = blocks
        .flatMap((b) => b.split('\n'))
        .filter((l) => l.trim() !== '' && !l.startsWith('depgate '))
        .map((l) => l.replace(/127\.0\.0\.1:8080/g, `127.0.0.1:${port}`));
      const vars: Record<string, string> = {};
      let commands = 0;
      for (const line of lines) {
        const assign = /^(\w+)=(.*)$/.exec(line);
        if (assign) {
          vars[assign[1]!] = words(assign[2]!, vars)[0]!;
          continue;
        }
        const args = words(line, vars);
        expect(args[0]).toBe('curl');
        const request = curl(args.slice(1));
        const answer = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        expect([line, answer.status]).toEqual([line, 200]);
        commands++;
      }
      expect(commands).toBeGreaterThanOrEqual(14);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
