import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo, type Files } from '../helpers/git-repo.js';
import { CORPUS_TEST, corpusPath } from '../helpers/paths.js';

// A lockfile moved or migrated is not new code: `depgate check`, as a child process on real git
// repositories, counts a version as introduced only when no base lockfile of the project had it.

const ROOT = join(import.meta.dirname, '../..');
/** jest's yarn berry lockfile (corpus real-projects), 2,000+ packages. */
const JEST = corpusPath('real-projects/jest/yarn.lock');
/** vuejs/core's yarn -> pnpm migration, commit 61c5fbd3e (see test/fixtures/gate/moves/README.md). */
const VUE = join(ROOT, 'test/fixtures/gate/moves/vue-core-yarn-to-pnpm');
const GRAPH = join(ROOT, 'test/fixtures/gate');

const policy = (yaml: string): Files => ({ '.github/depgate.yml': yaml });
const DENY_LODASH = policy(
  'deny:\n  - { name: lodash, exactNameMatch: true, reason: "use the standard library" }\n  - { name: left-pad, exactNameMatch: true, reason: "unpublished once" }\n  - { name: typescript, exactNameMatch: true, reason: "pinned by the platform team" }\n',
);

/** A yarn berry entry a pull request slips into a moved lockfile. */
const LEFT_PAD = `
"left-pad@npm:^1.3.0":
  version: 1.3.0
  resolution: "left-pad@npm:1.3.0"
  checksum: 10/13fa96e17b70a54836490de22d4bab706e2ed508338bbabecfac72ecce445a74139c5b009a8112252cab8fc4ab7ac4ebd870e5b35bd236b443b12be96f8745ac
  languageName: node
  linkType: hard
`;

async function check(repo: string, format: 'json' | 'text' | 'markdown') {
  return runDepgate(['check', '--base', 'main', '--head', 'change', '--format', format], {
    cwd: repo,
    env: { DEPGATE_PLATFORM: 'off' },
  });
}
const json = (stdout: string) => JSON.parse(stdout) as Report;

// six 1.16.0's files, as PyPI publishes them (pdm.lock and uv.lock record the same hashes).
const SIX_SDIST = 'sha256:1e61c37477a1626458e36f7b1d82aa5c9b094fa4802892072e49de9c60c4c926';
const SIX_WHEEL = 'sha256:8abb2f1d86890a2dfb989f9a77cfcfd3e47c2a354b01111771326f8aa26e0254';

describe('depgate check: moved and migrated lockfiles', () => {
  it(
    'a lockfile moved to another folder introduces nothing: it passes, names the move, and judges what it holds as pre-existing',
    CORPUS_TEST,
    async () => {
      const repo = makeRepo(
        { ...DENY_LODASH, 'docs/yarn.lock': { copy: JEST } },
        { ...DENY_LODASH, 'dev-docs/yarn.lock': { copy: JEST } },
      );
      const run = await check(repo, 'json');
      expect(run.stderr).toContain('passed: 0 violations');
      expect(run.code).toBe(0);
      const report = json(run.stdout);
      expect(report.lockfiles).toHaveLength(1);
      expect(report.lockfiles[0]).toMatchObject({
        path: 'dev-docs/yarn.lock',
        movedFrom: 'docs/yarn.lock',
        status: 'added',
        changes: [],
      });
      expect(report.counts).toMatchObject({ lockfiles: 1, introduced: 0, removed: 0, violations: 0 });
      // The denied lodash it carries is what the base already had: reported apart, not blocking.
      const lodash = report.findings.find((f) => f.name === 'lodash');
      expect(lodash).toMatchObject({ preExisting: true, blocking: false, lockfile: 'dev-docs/yarn.lock' });

      const text = await check(repo, 'text');
      expect(text.stdout).toContain('dev-docs/yarn.lock (yarn-berry@10, moved): no package changed');
      expect(text.stdout).toContain('  moved from docs/yarn.lock, 0 packages introduced\n');
      const markdown = await check(repo, 'markdown');
      expect(markdown.stdout).toContain('Moved from `docs/yarn.lock`, 0 packages introduced');
    },
  );

  it(
    'a move cannot hide a package it adds: the injected entry is added, and blocks',
    CORPUS_TEST,
    async () => {
      const repo = makeRepo(
        { ...DENY_LODASH, 'docs/yarn.lock': { copy: JEST } },
        { ...DENY_LODASH, 'dev-docs/yarn.lock': `${readFileSync(JEST, 'utf8')}${LEFT_PAD}` },
      );
      const run = await check(repo, 'json');
      expect(run.code).toBe(1);
      const report = json(run.stdout);
      expect(report.lockfiles[0]).toMatchObject({ movedFrom: 'docs/yarn.lock', counts: { added: 1 } });
      expect(report.counts.introduced).toBe(1);
      expect(report.findings.filter((f) => f.blocking).map((f) => `${f.name}@${f.version}`)).toEqual([
        'left-pad@1.3.0',
      ]);
      const text = await check(repo, 'text');
      expect(text.stdout).toContain('moved from docs/yarn.lock, 1 package introduced (1 added)');
      expect(text.stdout).toMatch(/BLOCK +left-pad +\+ 1\.3\.0/);
    },
  );

  it("vuejs/core's yarn -> pnpm migration is told as one, with what really changed (typescript, in both, is not introduced)", async () => {
    const repo = makeRepo(
      { ...DENY_LODASH, 'yarn.lock': { copy: join(VUE, 'base/yarn.lock') } },
      { ...DENY_LODASH, 'pnpm-lock.yaml': { copy: join(VUE, 'head/pnpm-lock.yaml') } },
    );
    const run = await check(repo, 'json');
    const report = json(run.stdout);
    expect(report.lockfiles.map((l) => l.path)).toEqual(['pnpm-lock.yaml']);
    const [lockfile] = report.lockfiles;
    expect(lockfile).toMatchObject({
      format: 'pnpm@5.3',
      migratedFrom: { path: 'yarn.lock', format: 'yarn@1' },
      counts: { added: 3, removed: 10, upgraded: 104, downgraded: 0, changed: 0 },
    });
    expect(lockfile!.changes.some((c) => c.name === 'typescript')).toBe(false);
    const typescript = report.findings.find((f) => f.name === 'typescript');
    expect(typescript).toMatchObject({ version: '4.4.3', preExisting: true, blocking: false });
    // What the migration re-resolved is judged: lodash did not change, so nothing blocks.
    expect(report.counts).toMatchObject({ introduced: 107, removed: 10, violations: 0 });
    expect(run.code).toBe(0);

    const text = await check(repo, 'text');
    expect(text.stdout).toContain(
      'migrated from yarn.lock (yarn@1) to pnpm-lock.yaml: 3 added, 10 removed, 104 upgraded',
    );
    const markdown = await check(repo, 'markdown');
    expect(markdown.stdout).toContain(
      'Migrated from `yarn.lock` (`yarn@1`) to `pnpm-lock.yaml`: 3 added, 10 removed, 104 upgraded',
    );
  });

  it(
    'a pdm -> uv migration in one folder keeps what pdm had (six) and adds what uv brings (protobuf)',
    CORPUS_TEST,
    async () => {
      const python = corpusPath('osv-scalibr/language/python');
      // uv's real two-package lockfile, its first package made six 1.16.0, which pdm's lockfile has,
      // with six's own files and hashes (as pdm.lock records them): the same content in another format.
      const uv = readFileSync(join(python, 'uvlock/testdata/two-packages.lock'), 'utf8')
        .replace('name = "emoji"\nversion = "2.14.0"', 'name = "six"\nversion = "1.16.0"')
        .replace(
          '{ name = "emoji" },\n    { name = "protobuf" },',
          '{ name = "six" },\n    { name = "protobuf" },',
        )
        .replace('sha256:f68ac28915a2221667cddb3e6c589303c3c6954c6c5af6fefaec7f9bdf72fdca', SIX_SDIST)
        .replace('sha256:fcc936bf374b1aec67dda5303ae99710ba88cc9cdce2d1a71c5f2204e6d78799', SIX_WHEEL);
      expect(uv).toContain('name = "six"\nversion = "1.16.0"');
      const deny = policy(
        'deny:\n  - { name: six, exactNameMatch: true }\n  - { name: protobuf, exactNameMatch: true }\n',
      );
      const repo = makeRepo(
        { ...deny, 'svc/pdm.lock': { copy: join(python, 'pdmlock/testdata/two-packages.toml') } },
        { ...deny, 'svc/uv.lock': uv },
      );
      const run = await check(repo, 'json');
      const report = json(run.stdout);
      expect(report.lockfiles).toHaveLength(1);
      expect(report.lockfiles[0]).toMatchObject({
        path: 'svc/uv.lock',
        migratedFrom: { path: 'svc/pdm.lock' },
        counts: { added: 1, removed: 1 },
      });
      expect(report.lockfiles[0]!.changes.map((c) => `${c.kind} ${c.name}`)).toEqual([
        'added protobuf',
        'removed toml',
      ]);
      expect(
        report.findings
          .map((f) => `${f.name} ${f.preExisting ? 'pre-existing' : 'introduced'} ${f.blocking}`)
          .sort(),
      ).toEqual(['protobuf introduced true', 'six pre-existing false']);
      expect(run.code).toBe(1);
    },
  );

  it(
    'a migration that swaps the files of a version for others (other hashes, same name and version) blocks',
    CORPUS_TEST,
    async () => {
      const python = corpusPath('osv-scalibr/language/python');
      // emoji's files under six's name and version: other content than pdm.lock locked for six 1.16.0.
      const uv = readFileSync(join(python, 'uvlock/testdata/two-packages.lock'), 'utf8')
        .replace('name = "emoji"\nversion = "2.14.0"', 'name = "six"\nversion = "1.16.0"')
        .replace(
          '{ name = "emoji" },\n    { name = "protobuf" },',
          '{ name = "six" },\n    { name = "protobuf" },',
        );
      const repo = makeRepo(
        { 'svc/pdm.lock': { copy: join(python, 'pdmlock/testdata/two-packages.toml') } },
        { 'svc/uv.lock': uv },
      );
      const run = await check(repo, 'json');
      const report = json(run.stdout);
      expect(report.lockfiles[0]).toMatchObject({ migratedFrom: { path: 'svc/pdm.lock' } });
      expect(report.lockfiles[0]!.changes.map((c) => `${c.kind} ${c.name}`)).toContain('source-changed six');
      expect(
        report.findings.filter((f) => f.blocking).map((f) => `${f.kind} ${f.name} ${f.rule.id}`),
      ).toEqual(['source six sources.integrityChange']);
      expect(run.code).toBe(1);
    },
  );

  it(
    'two unrelated projects are not a move: the new lockfile in another folder counts whole',
    CORPUS_TEST,
    async () => {
      const repo = makeRepo(
        { ...DENY_LODASH, 'site/yarn.lock': { copy: JEST } },
        { ...DENY_LODASH, 'app/pnpm-lock.yaml': { copy: join(VUE, 'head/pnpm-lock.yaml') } },
      );
      const report = json((await check(repo, 'json')).stdout);
      expect(report.lockfiles.map((l) => [l.path, l.status])).toEqual([
        ['app/pnpm-lock.yaml', 'added'],
        ['site/yarn.lock', 'deleted'],
      ]);
      expect(report.lockfiles.some((l) => l.movedFrom ?? l.migratedFrom)).toBe(false);
      expect(report.findings.find((f) => f.name === 'typescript')).toMatchObject({
        preExisting: false,
        blocking: true,
      });
    },
  );

  it('a lockfile added beside an unchanged one of the same ecosystem is judged whole: the other is another set of dependencies', async () => {
    // package-lock.json and pnpm-lock.yaml record one graph (test/fixtures/gate/GENERATED.md). The
    // package-lock.json stays: what it holds was never installed by pnpm, so nothing carries over.
    const npm = { copy: join(GRAPH, 'npm/head/package-lock.json') };
    const repo = makeRepo(
      { ...DENY_LODASH, 'package-lock.json': npm },
      {
        ...DENY_LODASH,
        'package-lock.json': npm,
        'pnpm-lock.yaml': { copy: join(GRAPH, 'pnpm/head/pnpm-lock.yaml') },
      },
    );
    const run = await check(repo, 'json');
    const report = json(run.stdout);
    const [lockfile] = report.lockfiles;
    expect(lockfile).toMatchObject({ path: 'pnpm-lock.yaml', status: 'added' });
    expect(lockfile!.changes.length).toBeGreaterThan(0);
    expect(lockfile!.changes.filter((c) => c.inBase !== undefined)).toEqual([]);
    expect(report.counts.introduced).toBe(lockfile!.changes.length);
    expect(report.findings.filter((f) => f.blocking).map((f) => `${f.name} ${f.preExisting}`)).toEqual([
      'lodash false',
    ]);
    expect(run.code).toBe(1);
  });

  it(
    'a lockfile that replaces two deleted ones in its folder takes both as its base (the rest of a migration)',
    CORPUS_TEST,
    async () => {
      const repo = makeRepo(
        {
          ...DENY_LODASH,
          'package-lock.json': { copy: join(GRAPH, 'npm/head/package-lock.json') },
          'yarn.lock': { copy: JEST },
        },
        { ...DENY_LODASH, 'pnpm-lock.yaml': { copy: join(GRAPH, 'pnpm/head/pnpm-lock.yaml') } },
      );
      const run = await check(repo, 'json');
      const report = json(run.stdout);
      expect(report.counts.introduced).toBe(0);
      expect(report.findings.filter((f) => f.blocking)).toEqual([]);
      expect(run.code).toBe(0);
    },
  );

  it(
    'the first line names the base as it was chosen: the merge base of the default branch, or the ref given',
    CORPUS_TEST,
    async () => {
      const repo = makeRepo({ 'docs/yarn.lock': { copy: JEST } }, { 'dev-docs/yarn.lock': { copy: JEST } });
      const sha = (
        await runDepgate(['check', '--format', 'json'], { cwd: repo, env: { DEPGATE_PLATFORM: 'off' } })
      ).stdout;
      const report = json(sha);
      const short = report.base!.slice(0, 7);
      expect(report.baseLabel).toBe(`merge base of main (${short})`);
      const text = await runDepgate(['check'], { cwd: repo, env: { DEPGATE_PLATFORM: 'off' } });
      expect(text.stdout.split('\n')[0]).toMatch(
        new RegExp(`^depgate PASSED: .*, against merge base of main \\(${short}\\)$`),
      );
      const given = await check(repo, 'text');
      expect(given.stdout.split('\n')[0]).toMatch(new RegExp(`, against main \\(${short}\\)$`));
    },
  );
});
