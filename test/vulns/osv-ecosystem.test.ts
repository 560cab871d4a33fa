import { describe, expect, it } from 'vitest';
import { ECOSYSTEMS } from '../../src/domain/index.js';
import { ecosystemOfOsv, osvEcosystem, osvPackageName, samePackage } from '../../src/vulns/index.js';

// The names as osv-schema's ecosystem list spells them (validation/schema.json, `ecosystems`).
const OSV_SCHEMA_NAMES = [
  'npm',
  'PyPI',
  'Go',
  'crates.io',
  'Maven',
  'RubyGems',
  'Packagist',
  'NuGet',
  'Pub',
  'SwiftURL',
  'Hex',
];

describe('osvEcosystem', () => {
  it.each([
    ['npm', 'npm'],
    ['pypi', 'PyPI'],
    ['gomod', 'Go'],
    ['cargo', 'crates.io'],
    ['maven', 'Maven'],
    ['gem', 'RubyGems'],
    ['composer', 'Packagist'],
    ['nuget', 'NuGet'],
    ['pub', 'Pub'],
    ['swiftpm', 'SwiftURL'],
    ['hex', 'Hex'],
  ] as const)('names %s as OSV does: %s', (ecosystem, osv) => {
    expect(osvEcosystem(ecosystem)).toBe(osv);
    expect(ecosystemOfOsv(osv)).toBe(ecosystem);
  });

  it('says CocoaPods has no OSV database', () => {
    expect(osvEcosystem('cocoapods')).toBeUndefined();
  });

  it('maps every ecosystem depgate reads, each to a name of the OSV schema or to none', () => {
    for (const ecosystem of ECOSYSTEMS) {
      const osv = osvEcosystem(ecosystem);
      if (osv !== undefined) expect(OSV_SCHEMA_NAMES).toContain(osv);
    }
    expect(ECOSYSTEMS.filter((e) => osvEcosystem(e) === undefined)).toEqual(['cocoapods']);
  });

  it.each(['pypi', 'Debian:12', 'toString', '__proto__', ''])('knows no depgate ecosystem for %j', (name) => {
    expect(ecosystemOfOsv(name)).toBeUndefined();
  });
  it('knows nothing of a name read from data that is not an ecosystem', () => {
    expect(osvEcosystem('toString' as never)).toBeUndefined();
  });
});

describe('osvPackageName', () => {
  it.each([
    ['pypi', 'PyYAML', 'pyyaml'],
    ['pypi', 'zope.interface', 'zope-interface'],
    ['maven', 'org.apache.logging.log4j/log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['maven', 'org.apache.logging.log4j:log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['gomod', 'github.com/BurntSushi/toml', 'github.com/BurntSushi/toml'],
    ['swiftpm', 'https://github.com/apple/swift-nio.git', 'github.com/apple/swift-nio'],
    ['npm', ' @types/node ', '@types/node'],
    ['cargo', 'openssl', 'openssl'],
  ] as const)('spells %s %j as %j', (ecosystem, name, want) => {
    expect(osvPackageName(ecosystem, name)).toBe(want);
  });

  it('takes two spellings of one registry name as one package', () => {
    expect(samePackage('pypi', 'PyYAML', 'pyyaml')).toBe(true);
    expect(samePackage('cargo', 'serde_json', 'serde-json')).toBe(true);
    expect(samePackage('gomod', 'github.com/A/b', 'github.com/a/b')).toBe(false);
  });
});
