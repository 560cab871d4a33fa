// `depgate parse` as a user runs it (the committed bundle, a child process) on the shapes a lockfile takes
// on its way to a pull request, one real file per format (some from the lockfile corpus): CRLF line
// endings with a UTF-8 byte-order mark, UTF-16 with its mark, and the shapes the package managers write
// that depgate used to refuse.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { runDepgate } from '../helpers/cli.js';
import { BASES, utf16be, utf16le } from '../helpers/edge-shapes.js';
import { byCorpus, CORPUS_TEST, fixturePath } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'depgate-parse-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/** Writes bytes under a folder of their own, at `name` (which may hold a folder, as vendor/modules.txt). */
function place(name: string, content: string | Buffer): string {
  const path = join(`case-${count++}`, name);
  mkdirSync(join(dir, dirname(path)), { recursive: true });
  writeFileSync(join(dir, path), content);
  return path;
}
const parse = (args: string[]) => runDepgate(['parse', ...args], { cwd: dir });
const crlfWithBom = (text: string) => `\ufeff${text.replace(/\r?\n/g, '\r\n')}`;

describe('depgate parse on the edge shapes of every format', () => {
  for (const [bases, options] of byCorpus(BASES, (b) => b.file))
    it.each(bases.map((b) => [b.name, b.file] as const))(
      '%s with CRLF line endings and a UTF-8 byte-order mark prints what the plain file reads as',
      options,
      async (name, file) => {
        const text = readFileSync(file, 'utf8');
        const run = await parse([place(name, crlfWithBom(text))]);
        expect(run.stderr.split('\n').filter((l) => !l.startsWith('warning: '))).toEqual(['']);
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(readLockfile(name, text))));
      },
    );

  it.each([
    ['npm-empty-project-v1', 'package-lock.json'],
    ['npm-empty-project-v2', 'package-lock.json'],
    ['npm-empty-project-v3', 'package-lock.json'],
    ['cargo-empty-project-v4', 'Cargo.lock'],
    ['cargo-msrv-1.77-v3', 'Cargo.lock'],
    ['cargo-msrv-1.40-v2', 'Cargo.lock'],
    ['bundler-no-gems', 'Gemfile.lock'],
  ])('reads the no-dependency project %s/%s as the library does, exit 0', async (folder, name) => {
    const file = fixturePath('edge-shapes', folder, name);
    const run = await parse([file]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(JSON.parse(run.stdout)).toEqual(
      JSON.parse(JSON.stringify(readLockfile(name, readFileSync(file, 'utf8')))),
    );
  });

  it("reads PowerShell 5.1's `pip freeze > requirements.txt` (UTF-16LE with its mark, CRLF), exit 0", async () => {
    const freeze = 'certifi==2024.8.30\r\nrequests==2.32.3\r\nurllib3==2.2.3\r\n';
    const run = await parse(['--format', 'text', place('requirements.txt', utf16le(freeze))]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').slice(2, 5)).toEqual([
      '1     certifi   2024.8.30  registry',
      '2     requests  2.32.3     registry',
      '3     urllib3   2.2.3      registry',
    ]);
  });

  it(
    'reads UTF-16BE Package.resolved, pom.xml, verification metadata and paket.lock, as their tools do',
    CORPUS_TEST,
    async () => {
      for (const base of BASES.filter((b) =>
        ['Package.resolved', 'pom.xml', 'gradle/verification-metadata.xml', 'paket.lock'].includes(b.name),
      )) {
        const text = readFileSync(base.file, 'utf8').replace(/^(<\?xml[^>]*encoding=")UTF-8"/, '$1UTF-16"');
        const run = await parse([place(base.name, utf16be(text))]);
        expect(run.code, `${base.name}: ${run.stderr}`).toBe(0);
        expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(readLockfile(base.name, text))));
      }
    },
  );

  it('refuses a UTF-16 package-lock.json, which npm does not read, with the reason, exit 2', async () => {
    const text = readFileSync(fixturePath('npm', 'root-workspace-v3', 'package-lock.json'), 'utf8');
    const file = place('package-lock.json', utf16le(text));
    const run = await parse([file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `depgate parse: ${file}:1: UTF-16 text (a UTF-16LE byte-order mark): package-lock.json is read as UTF-8 by the tool that reads it; save it as UTF-8\n`,
    );
  });

  it('reads an npm root workspace ("resolved": "") as the project itself', async () => {
    const run = await parse([
      '--format',
      'text',
      fixturePath('npm', 'root-workspace-v3', 'package-lock.json'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(1, 4)).toEqual([
      'line  name   version  source     kind        scope  license',
      '15    a      0.1.0    workspace  transitive',
      '19    func1  1.0.0    workspace  transitive',
    ]);
  });

  it('reads a Podfile.lock without PODS as no packages, with the empty-file warning, exit 0', async () => {
    const file = fixturePath('podfile', 'no-pods', 'Podfile.lock');
    const run = await parse([file]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ecosystem: 'cocoapods', packages: [] });
    expect(run.stderr).toBe(`warning: ${file}: empty file: no packages\n`);
  });

  it('names Swift packages by their repository URL', async () => {
    const run = await parse([fixturePath('swift', 'v1-display-names', 'Package.resolved')]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { packages: { name: string }[] }).packages.map((p) => p.name)).toEqual([
      'github.com/google/swift-benchmark',
      'github.com/onevcat/Kingfisher',
      'github.com/SnapKit/SnapKit',
    ]);
  });
});
