// Integrity that checks nothing much: a tarball checked only by sha1 (colliding files can be made with
// a chosen prefix) or md5, and a new lockfile that records no integrity at all, though its package
// manager writes one for every download. `depgate check` reports them (warn by default), and blocks
// under `fail`.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { npmLockfile, type NpmLockEntry } from '../helpers/npm-lockfile.js';

const SHA1 = 'sha1-pooyRIdk/ShgOUqQ1L+bsIsTeDU=';
const SHA512 =
  'sha512-H0D8ktokFpR1CXnubPWC8tXX0o4YM13gWrxU0FYOD1MChgxlK/CNVgJSql50IQVG82n7u86MEs/HlXsmUv6adQ==';

// A tarball URL is what the root asks for a URL dependency; a registry entry is asked by its version.
const lock = (entries: Record<string, NpmLockEntry>) =>
  npmLockfile(entries, (_name, e) =>
    e.resolved === undefined || e.resolved.includes('/-/') ? e.version : e.resolved,
  );

const LEFT_PAD = {
  version: '1.3.0',
  resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
  integrity: SHA512,
};
const TOOL = {
  version: '1.0.0',
  resolved: 'https://github.com/acme/tool/releases/download/v1/tool-1.0.0.tgz',
};

async function check(policy: string, base: string | undefined, head: string) {
  const repo = makeRepo(
    { '.github/depgate.yml': policy, ...(base === undefined ? {} : { 'package-lock.json': base }) },
    { '.github/depgate.yml': policy, 'package-lock.json': head },
  );
  const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
    cwd: repo,
  });
  const report = JSON.parse(run.stdout) as Report;
  return { code: run.code, ids: report.findings.map((f) => `${f.name} ${f.rule.id} ${f.level}`) };
}

describe('depgate check on weak and absent integrity', () => {
  const base = lock({ 'left-pad': LEFT_PAD });
  const head = lock({ 'left-pad': LEFT_PAD, tool: { ...TOOL, integrity: SHA1 } });

  it('warns of a tarball URL checked only by sha1 (exit 0), and blocks it under weakIntegrity: fail', async () => {
    expect(await check('sources:\n  allowedHosts: [github.com]\n', base, head)).toEqual({
      code: 0,
      ids: ['tool sources.weakIntegrity warning'],
    });
    expect(
      await check('sources:\n  allowedHosts: [github.com]\n  weakIntegrity: fail\n', base, head),
    ).toEqual({
      code: 1,
      ids: ['tool sources.weakIntegrity error'],
    });
  });

  it('warns of each entry of a new lockfile that records no integrity, and blocks under missingIntegrity: fail', async () => {
    const bare = lock({ 'left-pad': { version: LEFT_PAD.version, resolved: LEFT_PAD.resolved } });
    expect(bare).not.toContain('integrity');
    expect(await check('sources: {}\n', undefined, bare)).toEqual({
      code: 0,
      ids: ['left-pad sources.missingIntegrity warning'],
    });
    expect(await check('sources:\n  missingIntegrity: fail\n', undefined, bare)).toEqual({
      code: 1,
      ids: ['left-pad sources.missingIntegrity error'],
    });
  });

  it('refuses a weakIntegrity mode it does not know, at its line', async () => {
    const repo = makeRepo({ '.github/depgate.yml': 'sources:\n  weakIntegrity: sometimes\n' }, {});
    const direct = await runDepgate(['check', '--base', 'main', '--head', 'change'], { cwd: repo });
    expect(direct.code).toBe(2);
    expect(direct.stderr).toMatch(/depgate\.yml:2.*weakIntegrity/s);
  });
});
