import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lockfileErrorOf, MARKER_LINES, withLineAt } from '../helpers/conflict-markers.js';
import { readPnpmLockfile } from '../../src/lockfiles/npm/read-pnpm.js';
import { assertNoConflictMarkers } from '../../src/lockfiles/syntax/text.js';
import { scanYamlDocuments } from '../../src/lockfiles/syntax/yaml-scan.js';

// The pnpm reader leaves the conflict-marker check to the path the YAML scanner gives up on (a cold
// run would otherwise search the whole text for nothing). These tests hold it to that on pnpm 11's
// two-document form: the scanner never reads a text with a line that opens with a marker, and such a
// text gets the same LockfileError as the check gives on its own.

const PNPM = [
  '---',
  "lockfileVersion: '9.0'",
  '',
  'importers:',
  '',
  '  .:',
  '    configDependencies: {}',
  '    packageManagerDependencies:',
  '      pnpm:',
  '        specifier: 11.0.0',
  '        version: 11.0.0',
  '',
  'packages:',
  '',
  '  pnpm@11.0.0:',
  '    resolution: {integrity: sha512-aaaa}',
  '',
  'snapshots:',
  '',
  '  pnpm@11.0.0: {}',
  '',
  '---',
  "lockfileVersion: '9.0'",
  '',
  'settings:',
  '  autoInstallPeers: true',
  '  excludeLinksFromLockfile: false',
  '',
  'importers:',
  '',
  '  .:',
  '    dependencies:',
  '      a:',
  '        specifier: ^1.0.0',
  '        version: 1.2.0',
  '',
  'packages:',
  '',
  "  '@s/b@2.0.1':",
  '    resolution: {integrity: sha512-bbbb}',
  '',
  '  a@1.2.0:',
  '    resolution: {integrity: sha512-cccc}',
  '',
  'snapshots:',
  '',
  "  '@s/b@2.0.1': {}",
  '',
  '  a@1.2.0:',
  '    dependencies:',
  "      '@s/b': 2.0.1",
  '',
];

const MARKERS = [...MARKER_LINES, "<<<<<<< 'a@1.2.0':"];

/** What the conflict-marker check alone says of a text: its error's reason and line, or nothing. */
const checked = (text: string): unknown =>
  lockfileErrorOf(() => assertNoConflictMarkers('pnpm-lock.yaml', text));
const read = (text: string): unknown => lockfileErrorOf(() => readPnpmLockfile('pnpm-lock.yaml', text));

describe('conflict markers in pnpm lockfiles', () => {
  it('reads the two-document lockfile without markers through the scanner', () => {
    const text = PNPM.join('\n');
    expect(scanYamlDocuments(text, true)).toBeDefined();
    expect(read(text)).toBeUndefined();
    expect(readPnpmLockfile('pnpm-lock.yaml', text).packages.map((p) => `${p.name}@${p.version}`)).toEqual([
      'pnpm@11.0.0',
      '@s/b@2.0.1',
      'a@1.2.0',
    ]);
  });

  it.each(MARKERS)('refuses %j at every line, as the check does', (marker) => {
    for (let at = 0; at <= PNPM.length; at++) {
      const text = withLineAt(PNPM, at, marker);
      const expected = checked(text);
      expect(expected, text).toBeDefined();
      expect(scanYamlDocuments(text, true), text).toBeUndefined();
      expect(read(text), text).toStrictEqual(expected);
    }
  });

  it('refuses a whole conflict, and one at the end of the text without a newline', () => {
    const conflict = [
      '<<<<<<< HEAD',
      '  c@1.0.0:',
      '    resolution: {integrity: sha512-dddd}',
      '=======',
      '>>>>>>> other',
    ];
    for (let at = 1; at <= PNPM.length; at++) {
      const text = [...PNPM.slice(0, at), ...conflict, ...PNPM.slice(at)].join('\n');
      expect(read(text), text).toStrictEqual(checked(text));
    }
    for (const marker of MARKERS) {
      const text = `${PNPM.join('\n')}${marker}`;
      expect(read(text), text).toStrictEqual(checked(text));
    }
  });

  it('refuses a marker line inserted anywhere, with the line the check names', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: PNPM.length }),
        fc.constantFrom('<<<<<<<', '=======', '>>>>>>>', '|||||||'),
        fc.constantFrom('', ' x', ' a: b', " 'q':"),
        (at, marker, tail) => {
          const marked = withLineAt(PNPM, at, marker + tail);
          expect(read(marked)).toStrictEqual(checked(marked));
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
