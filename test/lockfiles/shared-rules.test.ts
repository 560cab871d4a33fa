import { describe, expect, it } from 'vitest';
import { decodeLockfileBytes } from '../../src/lockfiles/decode.js';
import { LOCKFILE_READERS, readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

/** One file name per reader, so that every reader is held to the same rules. */
const NAMES = Object.keys(LOCKFILE_READERS).map((kind) => {
  const byKind: Record<string, string> = {
    npm: 'package-lock.json',
    yarn: 'yarn.lock',
    pnpm: 'pnpm-lock.yaml',
    bun: 'bun.lock',
    pipfile: 'Pipfile.lock',
    poetry: 'poetry.lock',
    uv: 'uv.lock',
    pdm: 'pdm.lock',
    requirements: 'requirements.txt',
    gomod: 'go.mod',
    cargo: 'Cargo.lock',
    gemfile: 'Gemfile.lock',
    composer: 'composer.lock',
    nuget: 'packages.lock.json',
    gradle: 'gradle.lockfile',
    'maven-tree': 'maven_dep_tree.txt',
    pom: 'pom.xml',
    pubspec: 'pubspec.lock',
    mix: 'mix.lock',
    swift: 'Package.resolved',
    podfile: 'Podfile.lock',
    'gradle-verification': 'gradle/verification-metadata.xml',
    'nuget-assets': 'project.assets.json',
    paket: 'paket.lock',
    'go-vendor': 'vendor/modules.txt',
    pylock: 'pylock.toml',
  };
  const name = byKind[kind];
  if (name === undefined) throw new Error(`no file name for the ${kind} reader in this test`);
  return name;
});

describe('the rules every reader follows', () => {
  it('covers every reader', () => {
    expect(NAMES.length).toBe(Object.keys(LOCKFILE_READERS).length);
  });

  it.each(
    NAMES.flatMap((name) =>
      ['', '   ', '\n\n', ' \r\n\t\n', '\ufeff\n'].map((text) => [name, text] as const),
    ),
  )('%s: an empty file (%j) is a warning, never a silent empty result', (name, text) => {
    const result = readLockfile(name, text);
    expect(result.packages).toEqual([]);
    expect(result.warnings).toEqual([{ message: 'empty file: no packages' }]);
    expect(result.ecosystem).not.toBe('');
  });

  it.each(NAMES)('%s: a NUL byte is refused as binary, at its line, without the bytes', (name) => {
    const error = lockfileErrorOf(
      () => readLockfile(name, 'first line\nsecret\u0000\u0001\u0002payload\n'),
      name,
    );
    expect(error.file).toBe(name);
    expect(error.line).toBe(2);
    expect(error.reason).toBe('binary file (a NUL byte at line 2): not a text lockfile');
    expect(error.message).not.toContain('payload');
  });
});

describe('decodeLockfileBytes', () => {
  it('decodes UTF-8, a byte-order mark and non-ASCII names included', () => {
    const text = '\ufeff{"name": "caf\u00e9"}\n';
    expect(decodeLockfileBytes('x.json', Buffer.from(text, 'utf8'))).toBe(text);
  });

  it('refuses a NUL byte with its line', () => {
    const error = lockfileErrorOf(() => decodeLockfileBytes('yarn.lock', Buffer.from('a\nb\n\u0000c')));
    expect([error.file, error.line, error.reason]).toEqual([
      'yarn.lock',
      3,
      'binary file (a NUL byte at line 3): not a text lockfile',
    ]);
  });

  it('refuses bytes that are not UTF-8 with the line where they start, and never quotes them', () => {
    const bytes = Buffer.concat([
      Buffer.from('ok\nfine\nsecret '),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from('\n'),
    ]);
    const error = lockfileErrorOf(() => decodeLockfileBytes('poetry.lock', bytes));
    expect([error.line, error.reason]).toEqual([
      3,
      'binary file (bytes that are not UTF-8 text at line 3): not a text lockfile',
    ]);
    expect(error.message).not.toContain('secret');
    expect(error.message).not.toContain('\ufffd');
  });

  it('refuses a real binary: a gzip header', () => {
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);
    expect(lockfileErrorOf(() => decodeLockfileBytes('package-lock.json', gzip)).reason).toMatch(
      /^binary file/,
    );
  });
});
