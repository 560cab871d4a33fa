// What the docs and examples tell a user to point a workflow at must exist: there are no release tags
// yet (docs/releasing.md), so a `uses:` or checkout `ref:` of depgate names `main` or a full commit SHA,
// and the first workflow a user copies runs with no secret.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { starterWorkflow, DEFAULT_ACTION_REF } from '../../src/cli/starter-files.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const examples = readdirSync(join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.yml') && !p.includes('demo/'))
  .map((p) => `examples/${p}`);
// Every doc but the release procedure, which tries a tag it has just made (`@v1.2.3`).
const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.md') && p !== 'releasing.md')
  .map((p) => `docs/${p}`);
const usable = /^(main|[0-9a-f]{40})$/;

describe('where the docs point a workflow at depgate', () => {
  it.each(['README.md', ...docs, ...examples])(
    '%s names only refs that exist (main or a full SHA)',
    (path) => {
      const text = read(path);
      const refs = [
        ...[...text.matchAll(/uses: depgate\/depgate@(\S+)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/repository: depgate\/depgate\s+ref: (\S+)/g)].map((m) => m[1]!),
      ];
      for (const ref of refs) expect(ref).toMatch(usable);
    },
  );

  it('depgate init writes a ref that exists', () => {
    expect(DEFAULT_ACTION_REF.split('@')[1]).toMatch(usable);
    expect(starterWorkflow(DEFAULT_ACTION_REF)).toContain(`uses: ${DEFAULT_ACTION_REF}`);
  });

  it('the docs show workflows to check', () => {
    expect(docs).toContain('docs/action.md');
    expect(read('docs/action.md').match(/uses: depgate\/depgate@/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("the README's first pull-request workflow needs no secret (platform: 'off')", () => {
    const section = read('README.md').split('### On pull requests')[1]!;
    const first = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    expect(first).toContain("platform: 'off'");
    expect(first).not.toContain('secrets.');
    // The same workflow `depgate init` writes (comments aside).
    expect(parse(first)).toEqual(parse(starterWorkflow(DEFAULT_ACTION_REF)));
  });
});
