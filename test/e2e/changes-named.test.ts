// @module-tag corpus
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { corpusPath, HAS_CORPUS } from '../helpers/paths.js';

// Every changed package is named in the text and Markdown reports, grouped, never folded into a count.

/** A corpus file's text; without the corpus, empty (every test here needs it, and skips). */
const readCorpus = (path: string) => (HAS_CORPUS ? readFileSync(corpusPath(path), 'utf8') : '');
/** snyk's goof, a real yarn v1 lockfile: it does not say which packages are direct. */
const GOOF = readCorpus('snyk-nodejs-lockfile-parser/fixtures/yarn-lock-v1/real/goof/yarn.lock');
const GOOF_MANIFEST = readCorpus('snyk-nodejs-lockfile-parser/fixtures/yarn-lock-v1/real/goof/package.json');
/** A Dependabot-style bump of one transitive package, its entry rewritten as yarn writes it. */
const BUMPED = GOOF.replace(
  `cross-spawn@^4:
  version "4.0.2"
  resolved "https://registry.yarnpkg.com/cross-spawn/-/cross-spawn-4.0.2.tgz#7b9247621c23adfdd3856004a823cbe397424d41"
  integrity sha1-e5JHYhwjrf3ThWAEqCPL45dCTUE=`,
  `cross-spawn@^4:
  version "4.0.3"
  resolved "https://registry.yarnpkg.com/cross-spawn/-/cross-spawn-4.0.3.tgz#7b9247621c23adfdd3856004a823cbe397424d41"
  integrity sha1-e5JHYhwjrf3ThWAEqCPL45dCTUE=`,
);

async function check(repo: string, format: string) {
  return runDepgate(['check', '--base', 'main', '--head', 'change', '--format', format], {
    cwd: repo,
    env: { DEPGATE_PLATFORM: 'off' },
  });
}

describe('depgate check names every changed package', () => {
  it('a one-package bump in a yarn v1 lockfile names the package, in text and Markdown', async () => {
    expect(BUMPED).not.toBe(GOOF);
    const repo = makeRepo({ 'yarn.lock': GOOF }, { 'yarn.lock': BUMPED });
    const text = await check(repo, 'text');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('yarn.lock (yarn@1): 1 upgraded\n');
    expect(text.stdout).toContain('  changes: not known to be direct: cross-spawn 4.0.2 -> 4.0.3\n');
    expect(text.stdout).not.toContain('other change');
    const markdown = await check(repo, 'markdown');
    expect(markdown.stdout).toContain('Changes: not known to be direct: `cross-spawn` `4.0.2` → `4.0.3`');
  });

  it('a long list is capped per group with "N more", never silently', async () => {
    // Every version of the head bumped: hundreds of changes, none direct-known.
    const all = GOOF.replace(
      /^ {2}version "(\d+)\.(\d+)\.(\d+)"$/gm,
      (_, a, b, c) => `  version "${a}.${b}.${Number(c) + 1}"`,
    );
    const repo = makeRepo({ 'yarn.lock': GOOF }, { 'yarn.lock': all });
    const text = await check(repo, 'text');
    const line = text.stdout.split('\n').find((l) => l.startsWith('  changes: '))!;
    const upgraded = Number(/(\d+) upgraded/.exec(text.stdout)![1]);
    expect(upgraded).toBeGreaterThan(100);
    // A bumped version that lands on another entry's old one (cookie-signature 1.0.5 -> 1.0.6, beside
    // 1.0.6) keeps the old entry's tarball and integrity: a source change, named first.
    expect(line).toMatch(
      new RegExp(
        `^  changes: (?:.* \\(source .*; )?not known to be direct: (?:[^,]+, ){12}${upgraded - 12} more$`,
      ),
    );
  });

  it('reads package.json beside a yarn v1 lockfile: the bumped package is transitive, with its chain', async () => {
    const policy = { '.github/depgate.yml': 'deny:\n  - { name: cross-spawn, exactNameMatch: true }\n' };
    const repo = makeRepo(
      { ...policy, 'yarn.lock': GOOF, 'package.json': GOOF_MANIFEST },
      { ...policy, 'yarn.lock': BUMPED, 'package.json': GOOF_MANIFEST },
    );
    const json = await check(repo, 'json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.lockfiles[0]).toMatchObject({
      edgesRecorded: true,
      changes: [
        {
          kind: 'upgraded',
          name: 'cross-spawn',
          transitivity: 'transitive',
          path: ['tap', 'foreground-child', 'cross-spawn'],
        },
      ],
    });
    expect(report.findings[0]).toMatchObject({ name: 'cross-spawn', pathRecorded: true, blocking: true });
    const text = await check(repo, 'text');
    expect(text.stdout).toContain('  changes: transitive via tap: cross-spawn 4.0.2 -> 4.0.3\n');
    expect(text.stdout).toMatch(
      /BLOCK +cross-spawn +4\.0\.2 -> 4\.0\.3 +line 756 +tap > foreground-child > cross-spawn/,
    );
  });

  it('a package.json that is not JSON leaves directness unknown, with a warning, and still judges the change', async () => {
    const repo = makeRepo(
      { 'yarn.lock': GOOF, 'package.json': GOOF_MANIFEST },
      { 'yarn.lock': BUMPED, 'package.json': '{ "dependencies": ' },
    );
    const run = await check(repo, 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.lockfiles[0]!.changes[0]).toMatchObject({ name: 'cross-spawn', transitivity: 'unknown' });
    const warning = report.notes.find((n) => n.message.includes('package.json beside it is not JSON'));
    expect(warning).toMatchObject({ level: 'warning', file: 'yarn.lock' });
  });

  it.each([
    {
      file: 'Cargo.lock',
      corpus: 'real-projects/rust-analyzer/Cargo.lock',
      entry: 'name = "adler2"\nversion = "2.0.1"',
      bumped: 'name = "adler2"\nversion = "2.0.2"',
      chain: ['backtrace', 'miniz_oxide', 'adler2'],
    },
    {
      file: 'uv.lock',
      corpus: 'real-projects/pydantic/uv.lock',
      entry: 'name = "aiohappyeyeballs"\nversion = "2.6.1"',
      bumped: 'name = "aiohappyeyeballs"\nversion = "2.6.2"',
      chain: ['algoliasearch', 'aiohttp', 'aiohappyeyeballs'],
    },
  ])(
    '$file records its edges: a bumped transitive package comes with its chain',
    async ({ file, corpus, entry, bumped, chain }) => {
      const base = readCorpus(corpus);
      expect(base).toContain(entry);
      const repo = makeRepo({ [file]: base }, { [file]: base.replace(entry, bumped) });
      const report = JSON.parse((await check(repo, 'json')).stdout) as Report;
      expect(report.lockfiles[0]).toMatchObject({
        edgesRecorded: true,
        changes: [{ kind: 'upgraded', name: chain[2], transitivity: 'transitive', path: chain }],
      });
      const text = await check(repo, 'text');
      expect(text.stdout).toContain(`  changes: transitive via ${chain[0]!}: ${chain[2]!} `);
    },
  );
});

describe('depgate check reads pyproject.toml beside a poetry.lock or pdm.lock', () => {
  /** Poetry's own lockfile: it records edges but not which packages the project asked for. */
  const POETRY_LOCK = readCorpus('real-projects/poetry/poetry.lock');
  const BUMPED_POETRY = POETRY_LOCK.replace(
    'name = "urllib3"\nversion = "2.6.3"',
    'name = "urllib3"\nversion = "2.6.4"',
  );
  const PYPROJECT = [
    '[project]',
    'name = "app"',
    'dependencies = ["CacheControl[filecache] (>=0.14.2,<0.15.0)"]',
    '[tool.poetry.group.test.dependencies]',
    'coverage = ">=7.2.0"',
    '',
  ].join('\n');

  it('a bumped transitive package in a poetry.lock is named with its chain from a direct dependency', async () => {
    const policy = { '.github/depgate.yml': 'deny:\n  - { name: urllib3, exactNameMatch: true }\n' };
    expect(BUMPED_POETRY).not.toBe(POETRY_LOCK);
    const repo = makeRepo(
      { ...policy, 'poetry.lock': POETRY_LOCK, 'pyproject.toml': PYPROJECT },
      { ...policy, 'poetry.lock': BUMPED_POETRY, 'pyproject.toml': PYPROJECT },
    );
    const json = await check(repo, 'json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.lockfiles[0]).toMatchObject({
      edgesRecorded: true,
      changes: [
        {
          kind: 'upgraded',
          name: 'urllib3',
          transitivity: 'transitive',
          path: ['cachecontrol', 'requests', 'urllib3'],
        },
      ],
    });
    expect(report.findings[0]).toMatchObject({ name: 'urllib3', pathRecorded: true, blocking: true });
    const text = await check(repo, 'text');
    expect(text.stdout).toContain('  changes: transitive via cachecontrol: urllib3 2.6.3 -> 2.6.4\n');
    expect(text.stdout).toMatch(/BLOCK +urllib3 +2\.6\.3 -> 2\.6\.4 .*cachecontrol > requests > urllib3/);
  });

  it('a pdm.lock with pyproject.toml beside it gives the chain of a bumped transitive package', async () => {
    const pdm = readCorpus('dependabot-core/python/spec/fixtures/poetry_locks/pdm_example.lock');
    const entry = 'name = "zipp"\nversion = "';
    expect(pdm).toContain(entry);
    const bumped = pdm.replace(/name = "zipp"\nversion = "[^"]*"/, 'name = "zipp"\nversion = "99.0.0"');
    const manifest =
      '[project]\nname = "app"\ndependencies = []\n[dependency-groups]\nlint = ["flake8>=3.9"]\n';
    const repo = makeRepo(
      { 'pdm.lock': pdm, 'pyproject.toml': manifest },
      { 'pdm.lock': bumped, 'pyproject.toml': manifest },
    );
    const report = JSON.parse((await check(repo, 'json')).stdout) as Report;
    expect(report.lockfiles[0]).toMatchObject({
      edgesRecorded: true,
      changes: [
        {
          kind: 'upgraded',
          name: 'zipp',
          transitivity: 'transitive',
          path: ['flake8', 'importlib-metadata', 'zipp'],
        },
      ],
    });
  });

  it('a pyproject.toml that is not TOML leaves directness unknown, with a warning, and still judges the change', async () => {
    const repo = makeRepo(
      { 'poetry.lock': POETRY_LOCK, 'pyproject.toml': PYPROJECT },
      { 'poetry.lock': BUMPED_POETRY, 'pyproject.toml': '[project\nname = ' },
    );
    const run = await check(repo, 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.lockfiles[0]!.changes[0]).toMatchObject({ name: 'urllib3', transitivity: 'unknown' });
    const warning = report.notes.find((n) => n.message.includes('pyproject.toml beside it is not TOML'));
    expect(warning).toMatchObject({ level: 'warning', file: 'poetry.lock' });
  });
});
