// The README is what a newcomer reads first: what depgate is, the demo, a policy and a workflow, the
// check and its exit codes, and links to the rest. It stays short, and every link in it and in the docs
// leads somewhere: a file that exists and, for a `#fragment`, a heading of that file.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';
import { ROOT } from '../helpers/paths.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const DOCS = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.md'))
  .map((p) => `docs/${p}`);

/** Markdown without its fenced code blocks (a `](x)` in a code block is not a link). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, '');
}

/** The relative link targets of a Markdown document (web links and mail apart). */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** The anchors GitHub gives a document's headings. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = text!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Links of `file` that lead nowhere: a missing file, or a fragment that names no heading. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return relativeLinks(text).flatMap((link) => {
    const [path, fragment] = link.split('#') as [string, string | undefined];
    const target = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURI(path));
    if (relative(ROOT, target).startsWith('..') || !existsSync(target))
      return [`${file}: ${link} (no such file)`];
    if (fragment === undefined || !statSync(target).isFile() || !target.endsWith('.md')) return [];
    return anchors(readFileSync(target, 'utf8')).has(fragment) ? [] : [`${file}: ${link} (no such heading)`];
  });
}

describe('the README', () => {
  it('is at most 15,000 bytes', () => {
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(15_000);
  });

  it('links to every doc, and every doc it links to exists', () => {
    const linked = relativeLinks(README).map((link) => link.split('#')[0]!);
    for (const doc of DOCS) expect(linked).toContain(doc);
    for (const link of linked) expect([link, existsSync(join(ROOT, link))]).toEqual([link, true]);
  });

  it('keeps its sections in the order a newcomer needs them', () => {
    const order = [
      '## Try it: `npm ci && npm start`',
      '### The policy: `.github/depgate.yml`',
      '### On pull requests',
      '## The gate: `depgate check`',
      '### Exit codes',
      '### Lockfiles it reads',
      '## Documentation',
    ].map((heading) => README.indexOf(`\n${heading}\n`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('lists the exit codes `depgate --help` prints, and no other', async () => {
    const help = await runDepgate(['--help']);
    const line = /^exit codes: (.+)$/m.exec(help.stdout)![1]!;
    const fromHelp = [...line.matchAll(/(\d+) ([^,]+)/g)].map((m) => [m[1]!, m[2]!.trim()]);
    const section = README.slice(
      README.indexOf('\n### Exit codes\n'),
      README.indexOf('\n### Lockfiles it reads\n'),
    );
    const rows = [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => [m[1]!, m[2]!]);
    expect(rows.map(([code]) => code)).toEqual(fromHelp.map(([code]) => code));
    for (const [i, [, meaning]] of fromHelp.entries()) expect(rows[i]![1]).toContain(meaning!.split(' ')[0]);
  });

  it('shows `depgate check` with the options its --help lists, and no other', async () => {
    const help = await runDepgate(['check', '--help']);
    const documented = new Set(/```\n(depgate check [\s\S]*?)```/.exec(README)![1]!.match(/--[a-z-]+/g));
    const offered = new Set(help.stdout.match(/^ {2}--[a-z-]+/gm)!.map((o) => o.trim()));
    offered.delete('--help');
    expect(documented).toEqual(offered);
  });
});

describe('links in the docs', () => {
  it.each(['README.md', 'CONTRIBUTING.md', ...DOCS])(
    '%s: every relative link leads to a file and heading that exist',
    (file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );

  it('the check is real: a missing file and a missing heading are found', () => {
    expect(anchors('## On `push`, `workflow_dispatch` and `schedule`\n')).toEqual(
      new Set(['on-push-workflow_dispatch-and-schedule']),
    );
    expect(relativeLinks('[a](docs/nope.md) [b](https://x.org)\n```\n[e](f)\n```\n')).toEqual([
      'docs/nope.md',
    ]);
  });
});
