import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { readPodfileLock } from '../../src/lockfiles/cocoapods/read-podfile.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { filesUnder, lockfileErrorOf } from '../helpers/reader-tests.js';

const CORPUS_DIR = corpusPath('osv-scalibr', 'language', 'swift', 'podfilelock', 'testdata');
const FIXTURE = fixturePath('podfile', 'external-sources', 'Podfile.lock');
const text = (file: string) => readFileSync(file, 'utf8');
// The corpus names its files after their test case; they are read as the Podfile.lock they stand for.
const read = (file: string) => readLockfile('Podfile.lock', text(file), { edges: true });
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}`;

describe('readPodfileLock', () => {
  it('finds the corpus files', CORPUS_TEST, () => {
    expect(filesUnder(CORPUS_DIR).map((f) => f.slice(CORPUS_DIR.length + 1))).toEqual([
      'empty',
      'invalid',
      'valid',
      'valid2',
    ]);
  });

  it.each(['valid', 'valid2', 'empty'])(
    'corpus %s reads as its reviewed golden file',
    CORPUS_TEST,
    (name) => {
      expectGolden(join(CORPUS_DIR, name), read(join(CORPUS_DIR, name)));
    },
  );

  it('reads the pods osv-scalibr expects from the corpus (names and versions of PODS)', CORPUS_TEST, () => {
    expect(read(join(CORPUS_DIR, 'valid')).packages.map((p) => `${p.name}@${p.version}`)).toEqual([
      'GlossButtonNode@3.1.2',
      'PINCache@3.0.3',
    ]);
    expect(read(join(CORPUS_DIR, 'valid2')).packages.map((p) => `${p.name}@${p.version}`)).toEqual([
      'GlossButtonNode@3.1.2',
      'PINCache@3.0.3',
      'Reveal-SDK@1.5.0',
      'SwiftGen@6.0.0',
    ]);
  });

  it('reads a Podfile.lock without PODS (a Podfile with no pods) as no packages, with the empty-file warning', () => {
    // CocoaPods drops empty sections: such a file holds only PODFILE CHECKSUM and COCOAPODS.
    const file = fixturePath('podfile', 'no-pods', 'Podfile.lock');
    expect(readLockfile(file, text(file), { edges: true })).toEqual({
      ecosystem: 'cocoapods',
      format: 'podfile-lock',
      packages: [],
      warnings: [{ message: 'empty file: no packages' }],
      dependencies: [],
    });
    expect(readLockfile(file, text(file).replace(/\n/g, '\r\n')).packages).toEqual([]);
  });

  it('refuses the corpus file that is no Podfile.lock, at its line', CORPUS_TEST, () => {
    const error = lockfileErrorOf(() => readLockfile('Podfile.lock', text(join(CORPUS_DIR, 'invalid'))));
    expect([error.line, error.reason]).toEqual([1, 'no PODS section: not a Podfile.lock']);
  });

  it('reads the fixture as its reviewed golden file', () => {
    expectGolden(FIXTURE, readLockfile(FIXTURE, text(FIXTURE), { edges: true }));
  });

  it('folds subspecs into their pod, tells direct pods and external sources apart', () => {
    const result = readLockfile(FIXTURE, text(FIXTURE), { edges: true });
    expect(result.packages.map(brief)).toEqual([
      '2 Alamofire@5.9.1:registry:direct',
      '3 FirebaseCore@10.24.0:registry:direct',
      '7 FirebaseCoreInternal@10.24.0:registry',
      '9 GoogleUtilities@7.13.0:registry',
      '17 LocalKit@0.1.0:path:direct',
      '19 SnapKit@5.7.1:git:direct',
      '20 SwiftLint@0.54.0:registry:direct',
    ]);
    expect(result.packages[4]?.resolved).toBe('../LocalKit');
    expect(result.packages[5]?.resolved).toBe('https://github.com/SnapKit/SnapKit.git');
    // FirebaseCore -> FirebaseCoreInternal, GoogleUtilities; LocalKit -> Alamofire.
    expect(result.dependencies).toEqual([[], [2, 3], [3], [], [0], [], []]);
    expect(result.warnings).toEqual([]);
    expect(readPodfileLock(FIXTURE, text(FIXTURE)).dependencies).toBeUndefined();
  });

  it('puts a git pod at its checkout commit', () => {
    const lock = [
      'PODS:',
      '  - Kit (1.0.0)',
      'DEPENDENCIES:',
      '  - Kit (from `https://example.com/kit.git`, commit `abc123`)',
      'EXTERNAL SOURCES:',
      '  Kit:',
      '    :commit: abc123',
      '    :git: https://example.com/kit.git',
      'CHECKOUT OPTIONS:',
      '  Kit:',
      '    :commit: abc123',
      '    :git: https://example.com/kit.git',
      '',
    ].join('\n');
    expect(readPodfileLock('Podfile.lock', lock).packages).toEqual([
      {
        ecosystem: 'cocoapods',
        name: 'Kit',
        version: '1.0.0',
        line: 2,
        source: 'git',
        direct: true,
        resolved: 'https://example.com/kit.git#abc123',
      },
    ]);
  });

  it.each([
    ['PODS:\n  - Kit 1.0.0\n', 2, /"Kit 1\.0\.0" is not "Name \(version\)"/],
    ['PODS:\n  - Kit (1.0.0)\n  - [a, b]\n', 3, /neither "Name \(version\)"/],
    ['PODS: nope\n', 1, /PODS must be a list/],
    ['PODS:\n  - Kit (1.0.0):\n    - [x]\n', 2, /a dependency of Kit \(1\.0\.0\) is not a string/],
    ['PODS:\n  - Kit (1.0.0\n  bad: [\n', 3, /not valid YAML/],
    ['DEPENDENCIES:\n  - Kit\n', 1, /no PODS section/],
    // Dependencies, or checksums of pods, without PODS: not what CocoaPods writes for no pods.
    ['DEPENDENCIES:\n  - Kit\n\nCOCOAPODS: 1.16.2\n', 1, /no PODS section/],
    ['SPEC CHECKSUMS:\n  Kit: 0a1b\n\nCOCOAPODS: 1.16.2\n', 1, /no PODS section/],
    ['PODFILE CHECKSUM: 0a1b\n', 1, /no PODS section/],
    ['PODS:\n<<<<<<< HEAD\n  - Kit (1.0.0)\n=======\n  - Kit (1.1.0)\n>>>>>>> main\n', 2, /merge conflict/],
  ])('refuses %j at line %i', (lock, line, reason) => {
    const error = lockfileErrorOf(() => readPodfileLock('Podfile.lock', lock));
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it('is chosen by the file name Podfile.lock', () => {
    expect(readLockfile('ios/Podfile.lock', 'PODS:\n  - A (1)\n').ecosystem).toBe('cocoapods');
  });
});
