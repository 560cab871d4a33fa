import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLockfileError, type LockfileError } from '../../src/lockfiles/errors.js';
import { readNugetLock } from '../../src/lockfiles/nuget/read-nuget.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf, itEachFile } from '../helpers/reader-tests.js';

const CORPUS_DIR = corpusPath('osv-scalibr', 'language', 'dotnet', 'packageslockjson', 'testdata');
const FIXTURE_DIR = fixturePath('nuget');

const read = (file: string) => readNugetLock(file, readFileSync(file, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}`;

function failure(file: string, text = readFileSync(file, 'utf8')): LockfileError {
  return lockfileErrorOf(() => readNugetLock(file, text), file);
}

/** Files broken on purpose, with the line the error must name. */
const BROKEN: Record<string, { line: number; reason: RegExp }> = {
  'invalid/invalid': { line: 1, reason: /not valid JSON/ },
  'error-version-3.json': { line: 2, reason: /unsupported packages.lock.json version 3/ },
  'error-missing-resolved.json': { line: 25, reason: /System.Text.Json \(net8.0\) has no "resolved"/ },
  'error-unknown-type.json': { line: 25, reason: /unknown type "Pinned"/ },
  'error-truncated.json': { line: 18, reason: /not valid JSON/ },
  'error-dependencies-array.json': { line: 3, reason: /"dependencies" is missing or not an object/ },
  'error-target-string.json': { line: 4, reason: /target "net8.0" is not an object/ },
};

const files = [...filesUnder(CORPUS_DIR), ...filesUnder(FIXTURE_DIR)];
const nameOf = (file: string) => relative(file.startsWith(CORPUS_DIR) ? CORPUS_DIR : FIXTURE_DIR, file);

describe('readNugetLock', () => {
  it('finds every corpus file and fixture', CORPUS_TEST, () => {
    expect(files.map(nameOf)).toEqual(
      expect.arrayContaining([
        'invalid/invalid',
        'valid/packages.lock.json',
        'multi-target/packages.lock.json',
      ]),
    );
    expect(files.length).toBe(11);
  });

  itEachFile(
    files,
    (file) => file,
    (file) => [nameOf(file), file] as const,
    '%s reads as its reviewed golden file, or fails at its line',
    (name, file) => {
      const broken = BROKEN[name];
      if (broken !== undefined) {
        const error = failure(file);
        expect(error.line).toBe(broken.line);
        expect(error.reason).toMatch(broken.reason);
        return;
      }
      expectGolden(file, read(file));
    },
  );

  it('reports each package once per name and version across target frameworks and runtimes', () => {
    const { packages, format } = read(fixturePath('nuget', 'multi-target', 'packages.lock.json'));
    expect(format).toBe('nuget-lock@1');
    expect(packages.map(brief)).toEqual([
      '5 Newtonsoft.Json@13.0.1:registry:direct',
      '11 Serilog@2.12.0:registry:direct',
      '17 System.Text.Json@6.0.0:registry:direct',
      '26 System.Runtime.CompilerServices.Unsafe@6.0.0:registry',
      '31 System.Text.Encodings.Web@6.0.0:registry',
      '39 acme.shared@:workspace',
      '52 Serilog@3.1.1:registry:direct',
      '78 runtime.linux-x64.Microsoft.DotNet.ILCompiler@8.0.0:registry',
    ]);
  });

  it('treats NuGet ids case-insensitively and keeps the first spelling and line', () => {
    const { packages } = read(fixturePath('nuget', 'multi-target', 'packages.lock.json'));
    expect(packages.filter((p) => p.name.toLowerCase() === 'newtonsoft.json')).toHaveLength(1);
  });

  it('is direct when any target lists the package as Direct, even after a Transitive listing', () => {
    const { packages } = read(fixturePath('nuget', 'multi-target', 'packages.lock.json'));
    expect(packages.find((p) => p.name === 'System.Text.Json')?.direct).toBe(true);
  });

  it('reads central package management (version 2): CentralTransitive is transitive, Project is workspace', () => {
    const { packages, format } = read(fixturePath('nuget', 'central', 'packages.lock.json'));
    expect(format).toBe('nuget-lock@2');
    expect(packages.map(brief)).toEqual([
      '5 Microsoft.Extensions.Logging@8.0.0:registry:direct',
      '15 Microsoft.Extensions.DependencyInjection@8.0.0:registry',
      '20 Microsoft.Extensions.Logging.Abstractions@8.0.0:registry',
      '25 System.Text.Json@8.0.4:registry',
      '31 Acme.Domain@:workspace',
    ]);
  });

  it.each([
    ['a top level that is an array', '[]', 1, /top level is not an object/],
    ['no version', '{"dependencies": {}}', 1, /no "version"/],
    ['a version as a string', '{\n"version": "1",\n"dependencies": {}}', 2, /unsupported .* version "1"/],
    [
      'a package that is a string',
      '{"version": 1, "dependencies": {"net8.0": {"A": "1.0.0"}}}',
      1,
      /A \(net8.0\) is not an object/,
    ],
    [
      'an empty package name',
      '{"version": 1, "dependencies": {"net8.0": {"": {"type": "Direct"}}}}',
      1,
      /empty name/,
    ],
    [
      'a resolved version that is a number',
      '{"version": 1, "dependencies": {"x": {"A": {"type": "Direct", "resolved": 1}}}}',
      1,
      /no "resolved"/,
    ],
    [
      'git conflict markers',
      '{\n<<<<<<< HEAD\n"version": 1\n=======\n"version": 2\n>>>>>>> b\n}',
      2,
      /merge conflict/,
    ],
  ])('refuses %s', (_case, text, line, reason) => {
    const error = failure('packages.lock.json', text);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it(
    'gives a result or a LockfileError for mutated and truncated lockfiles, never another exception',
    CORPUS_TEST,
    () => {
      const seeds = [
        join(CORPUS_DIR, 'valid', 'packages.lock.json'),
        fixturePath('nuget', 'multi-target', 'packages.lock.json'),
        fixturePath('nuget', 'central', 'packages.lock.json'),
      ].map((f) => readFileSync(f, 'utf8'));
      fc.assert(
        fc.property(
          fc.nat(seeds.length - 1),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.nat(40),
          fc.constantFrom('', '{', '}', '[', ']', '"', ',', ':', 'null', '1', '"x"', '\n'),
          (seed, at, cut, insert) => {
            const text = seeds[seed]!;
            const i = Math.floor(text.length * at);
            try {
              const result = readNugetLock(
                'packages.lock.json',
                text.slice(0, i) + insert + text.slice(i + cut),
              );
              for (const p of result.packages) expect(p.name).not.toBe('');
            } catch (error) {
              if (!isLockfileError(error)) throw error;
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
