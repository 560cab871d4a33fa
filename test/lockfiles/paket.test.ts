import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { readPaketLock } from '../../src/lockfiles/nuget/read-paket.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, CORPUS_TEST } from '../helpers/paths.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

const DIR = corpusPath('osv-scalibr', 'language', 'dotnet', 'paketlock', 'testdata');
const read = (path: string) => readLockfile(path, readFileSync(path, 'utf8'), { edges: true });

describe('readPaketLock', () => {
  it('reads the corpus paket.lock as its reviewed golden file', CORPUS_TEST, () => {
    expectGolden(`${DIR}/paket.lock`, read(`${DIR}/paket.lock`));
  });

  it('reads the packages osv-scalibr expects, at the same lines', CORPUS_TEST, () => {
    // Expected output of osv-scalibr's paketlock_test.go for this file (names, versions, lines).
    expect(
      read(`${DIR}/paket.lock`).packages.map((p) => `${p.line} ${p.name}@${p.version}:${p.source}`),
    ).toEqual([
      '3 NUnit@2.6.4:registry',
      '5 FSharp.Core@4.5.0:registry',
      '6 Newtonsoft.Json@12.0.3:registry',
      '7 Microsoft.Extensions.Logging@6.0.0:registry',
      '9 FAKE@5.20.4:registry',
      '10 Paket@7.0.0:registry',
      '14 fsprojects/Paket@5.0.0:git',
      '16 fsharp/FAKE@5.20.4:git',
    ]);
  });

  it('resolves dependency lines to edges within the group, and says what it cannot resolve', () => {
    const text = [
      'STORAGE: NONE',
      'NUGET',
      '  remote: https://api.nuget.org/v3/index.json',
      '    FSharp.Core (8.0.100)',
      '    Newtonsoft.Json (13.0.3) - restriction: >= netstandard2.0',
      '    Serilog (3.1.1)',
      '      fsharp.core (>= 6.0)',
      '      Newtonsoft.Json (>= 12.0)',
      '      Missing.Package (>= 1.0)',
      '',
      'GROUP Build',
      'NUGET',
      '  remote: https://api.nuget.org/v3/index.json',
      '    FAKE.Core (6.0.0)',
      '      FSharp.Core (>= 6.0)',
      '',
    ].join('\n');
    const result = readPaketLock('paket.lock', text, { edges: true });
    expect(result.packages.map((p) => `${p.line} ${p.name}@${p.version}`)).toEqual([
      '4 FSharp.Core@8.0.100',
      '5 Newtonsoft.Json@13.0.3',
      '6 Serilog@3.1.1',
      '14 FAKE.Core@6.0.0',
    ]);
    // FAKE.Core's FSharp.Core is in the Build group, which does not resolve it: no edge across groups.
    expect(result.dependencies).toEqual([[], [], [0, 1], []]);
    expect(result.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '6: Serilog depends on Missing.Package, which group Main does not resolve',
      '14: FAKE.Core depends on FSharp.Core, which group Build does not resolve',
    ]);
  });

  it.each([
    ['This is not a valid paket.lock file\n', 1, /not a paket\.lock/],
    [
      'NUGET\n  remote: https://api.nuget.org/v3/index.json\n    NUnit 2.6.4\n',
      3,
      /"NUnit 2\.6\.4" is not "Name \(version\)"/,
    ],
    ['NUGET\n  remote: x\n    A (1.0)\nnot a section\n', 4, /is no paket\.lock section/],
    ['NUGET\n<<<<<<< HEAD\n    A (1.0)\n', 2, /merge conflict/],
  ])('refuses %j at line %i', (text, line, reason) => {
    const error = lockfileErrorOf(() => readPaketLock('paket.lock', text));
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it(
    'refuses the corpus file that is no paket.lock, and reads the empty one with a warning',
    CORPUS_TEST,
    () => {
      expect(lockfileErrorOf(() => read(`${DIR}/invalid-lock/paket.lock`)).line).toBe(1);
      expect(read(`${DIR}/empty-lock-dir/paket.lock`).warnings).toEqual([
        { message: 'empty file: no packages' },
      ]);
    },
  );
});
