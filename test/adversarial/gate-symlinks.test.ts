import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate, type CliRun } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

const POLICY = 'deny:\n  - name: evilpkg\n    exactNameMatch: true\n';
const SECRET = 'SECRET_API_KEY abc123supersecret\nDATABASE_PASSWORD=hunter2hunter2\n';
const BASE = { '.github/depgate.yml': POLICY, 'requirements.txt': 'requests==2.31.0\n' };

// A secret outside the repository, as a runner's or a developer's machine has them.
const outside = mkdtempSync(join(tmpdir(), 'depgate-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));
const SECRET_FILE = join(outside, 'secrets.env');
writeFileSync(SECRET_FILE, SECRET);

const json = (stdout: string) => JSON.parse(stdout) as Report;
function expectNoSecret(run: CliRun): void {
  for (const secret of ['abc123supersecret', 'SECRET_API_KEY', 'hunter2hunter2', 'DATABASE_PASSWORD'])
    expect(`${run.stdout}\n${run.stderr}`).not.toContain(secret);
}

describe('symbolic links are never followed (depgate check on a real git repository)', () => {
  it('fails the check on a committed lockfile that is a link out of the repository, naming it a link', async () => {
    const repo = makeRepo(BASE, { ...BASE, 'requirements.txt': { symlink: SECRET_FILE } });
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.code).toBe(1);
    expectNoSecret(run);
    expect(run.stderr).toContain('1 lockfile it could not read');
    const report = json(run.stdout);
    expect(report.verdict).toBe('block');
    expect(report.notes.map((n) => [n.level, n.file])).toEqual([['error', 'requirements.txt']]);
    expect(report.notes[0]?.message).toMatch(
      /^a symbolic link \(git mode 120000\) on the head: depgate never follows links/,
    );
  });

  it('fails the check on a committed link to a file inside the repository (.env), without reading it', async () => {
    const repo = makeRepo(BASE, { ...BASE, '.env': SECRET, 'requirements.txt': { symlink: '.env' } });
    for (const format of ['text', 'markdown', 'json']) {
      const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', format], {
        cwd: repo,
      });
      expect(run.code).toBe(1);
      expectNoSecret(run);
      expect(run.stdout).toContain('a symbolic link');
    }
  });

  it('in the working tree, does not read a lockfile that is a link (lstat, O_NOFOLLOW)', async () => {
    const repo = makeRepo(
      BASE,
      { ...BASE, 'requirements.txt': { symlink: SECRET_FILE } },
      { uncommitted: true },
    );
    const run = await runDepgate(['check', '--format', 'text'], { cwd: repo, env: { CI: 'false' } });
    expect(run.code).toBe(1);
    expectNoSecret(run);
    expect(run.stdout).toMatch(/error {2}requirements\.txt: a symbolic link on the head/);
  });

  it('in the working tree, does not read a lockfile under a folder that is a link', async () => {
    const repo = makeRepo(
      { ...BASE, 'svc/requirements.txt': 'requests==2.31.0\n' },
      { ...BASE, 'svc/requirements.txt': 'requests==2.31.0\n' },
      { uncommitted: true },
    );
    // The folder becomes a link to a folder outside holding a requirements.txt of secrets.
    rmSync(join(repo, 'svc'), { recursive: true });
    writeFileSync(join(outside, 'requirements.txt'), SECRET);
    symlinkSync(outside, join(repo, 'svc'));
    const run = await runDepgate(['check', '--format', 'json'], { cwd: repo, env: { CI: 'false' } });
    expectNoSecret(run);
    expect(run.code).toBe(1);
    const notes = json(run.stdout).notes;
    expect(notes.filter((n) => n.level === 'error').map((n) => n.file)).toContain('svc/requirements.txt');
  });

  it('reads a link replaced by a real file (the base side is not read: every package counts as new)', async () => {
    const repo = makeRepo(
      { ...BASE, 'requirements.txt': { symlink: SECRET_FILE } },
      { ...BASE, 'requirements.txt': 'requests==2.31.0\nevilpkg==1.0.0\n' },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.code).toBe(1);
    expectNoSecret(run);
    const report = json(run.stdout);
    expect(report.findings.filter((f) => f.blocking).map((f) => f.name)).toEqual(['evilpkg']);
    expect(report.notes.map((n) => n.level)).toContain('warning');
  });
});

describe('a line that is no package is never printed', () => {
  it('refuses a requirements.txt that is a secrets file (exit 2) with the line and the problem only', async () => {
    const repo = makeRepo(BASE, { ...BASE, 'requirements.txt': SECRET });
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(run.code).toBe(2);
    expectNoSecret(run);
    expect(run.stderr).toMatch(
      /requirements\.txt:1: no requirement could be read; the first: not a requirement/,
    );
  });

  it('warns about one bad line among requirements by its number, without its text', async () => {
    const repo = makeRepo(BASE, {
      ...BASE,
      'requirements.txt': 'requests==2.31.0\nflask==3.0.0\nSECRET_API_KEY abc123supersecret\n',
    });
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.code).toBe(0);
    expectNoSecret(run);
    const warning = json(run.stdout).notes.find((n) => n.line === 3);
    expect([warning?.level, warning?.file]).toEqual(['warning', 'requirements.txt']);
    expect(warning?.message).toMatch(/^not a requirement/);
  });
});
