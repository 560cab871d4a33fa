import { describe, expect, it } from 'vitest';
import {
  ECOSYSTEMS,
  licenseIds,
  packageKey,
  packageVersionKey,
  parseEcosystem,
  transitivityOf,
} from '../../src/domain/index.js';

describe('parseEcosystem', () => {
  it.each(ECOSYSTEMS.map((e) => [e, e]))('knows the platform name %s', (text, want) => {
    expect(parseEcosystem(text)).toBe(want);
  });
  it.each([
    ['PyPI', 'pypi'],
    [' NPM ', 'npm'],
    ['go', 'gomod'],
    ['Go', 'gomod'],
    ['crates.io', 'cargo'],
    ['RubyGems', 'gem'],
    ['Packagist', 'composer'],
    ['NuGet', 'nuget'],
    ['Pub', 'pub'],
    ['SwiftPM', 'swiftpm'],
    ['Hex', 'hex'],
  ])('reads %j as %s', (text, want) => {
    expect(parseEcosystem(text)).toBe(want);
  });
  it.each(['conan', '', 'toString', '__proto__', 'npm2'])('knows no ecosystem called %j', (text) => {
    expect(parseEcosystem(text)).toBeUndefined();
  });
});

describe('packageKey', () => {
  it.each([
    ['pypi', 'Django', 'django'],
    ['pypi', 'python_dateutil', 'python-dateutil'],
    ['pypi', 'zope.interface', 'zope-interface'],
    ['pypi', 'Foo__-.Bar', 'foo-bar'],
    ['npm', '@Babel/Core', '@babel/core'],
    ['nuget', 'Newtonsoft.Json', 'newtonsoft.json'],
    ['composer', 'Symfony/Console', 'symfony/console'],
    ['cargo', 'serde_json', 'serde-json'],
    ['maven', 'org.apache.logging.log4j:log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['maven', 'org.apache.logging.log4j/log4j-core', 'org.apache.logging.log4j:log4j-core'],
    ['gomod', 'github.com/BurntSushi/toml', 'github.com/BurntSushi/toml'],
    ['gem', 'RedCloth', 'RedCloth'],
    // OSV's SwiftURL form: the repository URL without its scheme, user or `.git`.
    ['swiftpm', 'https://github.com/apple/swift-nio.git', 'github.com/apple/swift-nio'],
    ['swiftpm', 'github.com/apple/swift-nio', 'github.com/apple/swift-nio'],
    ['swiftpm', 'git@github.com:Quick/Nimble.git', 'github.com/Quick/Nimble'],
    ['swiftpm', 'ssh://git@github.com/Quick/Nimble.git/', 'github.com/Quick/Nimble'],
    ['swiftpm', 'https://gitlab.example.com:8443/team/kit.git', 'gitlab.example.com:8443/team/kit'],
  ] as const)('in %s, %s is %s', (ecosystem, name, key) => {
    expect(packageKey(ecosystem, name)).toBe(key);
  });
  it('keeps the ecosystem and version apart in a package version key', () => {
    expect(packageVersionKey('pypi', 'Django', '4.2.1')).toBe('pypi:django@4.2.1');
    expect(packageVersionKey('npm', 'django', '4.2.1')).not.toBe(
      packageVersionKey('pypi', 'django', '4.2.1'),
    );
  });
});

describe('transitivityOf', () => {
  it('reads a recorded direct mark and says unknown where the format records none', () => {
    expect(transitivityOf({ direct: true })).toBe('direct');
    expect(transitivityOf({ direct: false })).toBe('transitive');
    expect(transitivityOf({})).toBe('unknown');
  });
});

describe('licenseIds', () => {
  it('names every id of ids and expressions, lowercased', () => {
    expect(licenseIds(['MIT', '(Apache-2.0 OR GPL-2.0-only WITH Classpath-exception-2.0)'])).toEqual([
      'mit',
      'apache-2.0',
      'gpl-2.0-only',
      'classpath-exception-2.0',
    ]);
  });
});
