import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { readGoVendorModules } from '../../src/lockfiles/gomod/read-go-vendor.js';
import type { LockfilePackage } from '../../src/lockfiles/types.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, CORPUS_TEST } from '../helpers/paths.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

const DIR = corpusPath('osv-scalibr', 'language', 'golang', 'vendormodules', 'testdata');
const file = (name: string) => `${DIR}/${name}/vendor/modules.txt`;
const read = (path: string) => readLockfile(path, readFileSync(path, 'utf8'));
const brief = (p: LockfilePackage) =>
  `${p.line} ${p.name}@${p.version}:${p.source}${p.direct === true ? ':direct' : ''}${p.alias === undefined ? '' : ` (for ${p.alias})`}${p.resolved === undefined ? '' : ` ${p.resolved}`}`;

describe('readGoVendorModules', () => {
  it('reads the valid corpus file as its reviewed golden file', CORPUS_TEST, () => {
    expectGolden(file('valid'), read(file('valid')));
  });

  it(
    'reports each vendored module once, replacements as the code vendored, explicit ones direct',
    CORPUS_TEST,
    () => {
      const result = read(file('valid'));
      expect(result.format).toBe('go-vendor-modules');
      expect(result.packages.map(brief)).toEqual([
        '1 github.com/BurntSushi/toml@v1.2.1:registry:direct',
        '4 golang.org/x/crypto@v0.31.0:registry:direct',
        '7 example.com/fork/net@v1.4.5:registry:direct (for golang.org/x/net)',
        '10 example.com/local@:path:direct ./local',
        '15 github.com/example/incompatible@v2.0.0+incompatible:registry:direct',
        '18 example.com/transitive@v0.2.0:registry',
        '24 example.com/headeronly@v0.1.0:registry:direct',
        '26 example.com/afterheaderonly@v0.3.0:registry',
        '29 example.com/wildcard-fork@v0.2.0:registry:direct (for example.com/wildcard)',
      ]);
      expect(result.warnings).toEqual([
        {
          message:
            '"# example.com/noversion => ./local": a replacement record, no module vendored from it; not listed',
          line: 13,
        },
        { message: 'a "#" line that is no "# module version" header; skipped', line: 14 },
      ]);
    },
  );

  it('refuses the invalid corpus file at its first line', CORPUS_TEST, () => {
    const error = lockfileErrorOf(() => read(file('invalid')));
    expect([error.line, error.reason]).toEqual([
      1,
      'a "##" annotation before any "# module version" header: not a vendor/modules.txt',
    ]);
  });

  it('reads the empty corpus file with the empty-file warning', CORPUS_TEST, () => {
    expect(read(file('empty')).warnings).toEqual([{ message: 'empty file: no packages' }]);
  });

  it('refuses a package line before any module header', () => {
    const error = lockfileErrorOf(() =>
      readGoVendorModules('vendor/modules.txt', 'golang.org/x/net/http2\n'),
    );
    expect(error.line).toBe(1);
    expect(error.reason).toMatch(/package line before any/);
  });

  it('refuses conflict markers at their line', () => {
    const text = '# a.example/m v1.0.0\n<<<<<<< HEAD\n## explicit\n=======\n>>>>>>> x\n';
    expect(lockfileErrorOf(() => readGoVendorModules('vendor/modules.txt', text)).line).toBe(2);
  });

  it('is chosen for vendor/modules.txt only', () => {
    expect(readLockfile('app/vendor/modules.txt', '# a.example/m v1.0.0\n').format).toBe('go-vendor-modules');
    expect(() => readLockfile('app/modules.txt', '# a.example/m v1.0.0\n')).toThrow(/not a lockfile name/);
  });
});
