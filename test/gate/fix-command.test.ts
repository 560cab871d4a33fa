import { describe, expect, it } from 'vitest';
import { fixCommand } from '../../src/gate/fix-command.js';

describe('fixCommand', () => {
  it.each([
    ['package-lock@3', 'lodash', '4.17.21', 'npm install lodash@4.17.21'],
    ['package-lock@3', '@babel/traverse', '7.23.2', 'npm install @babel/traverse@7.23.2'],
    ['yarn@1', 'minimist', '1.2.6', 'yarn upgrade minimist@1.2.6'],
    ['yarn-berry@8', 'minimist', '1.2.6', 'yarn up minimist@1.2.6'],
    ['pnpm@9.0', 'semver', '7.5.2', 'pnpm update semver@7.5.2'],
    ['bun@1', 'semver', '7.5.2', 'bun add semver@7.5.2'],
    ['cargo@4', 'openssl', '0.10.72', 'cargo update -p openssl --precise 0.10.72'],
    ['uv', 'idna', '3.7', 'uv lock --upgrade-package idna==3.7'],
    ['go.mod@1.22', 'golang.org/x/crypto', 'v0.17.0', 'go get golang.org/x/crypto@v0.17.0'],
    [
      'composer-lock@2.6.0',
      'guzzlehttp/psr7',
      '2.4.5',
      'composer update guzzlehttp/psr7 --with guzzlehttp/psr7:2.4.5',
    ],
  ])('%s: %s %s -> %s', (format, name, version, command) => {
    expect(fixCommand(format, name, version)).toBe(command);
  });

  it('names no command where the tool cannot pin one package to one version, or the format is unknown', () => {
    expect(fixCommand('poetry@2.1', 'idna', '3.7')).toBeUndefined();
    expect(fixCommand('gemfile-lock@2.5.6', 'rack', '3.0.9')).toBeUndefined();
    expect(fixCommand('requirements', 'idna', '3.7')).toBeUndefined();
    expect(fixCommand(undefined, 'idna', '3.7')).toBeUndefined();
  });

  it('quotes what a shell would read otherwise', () => {
    expect(fixCommand('package-lock@3', 'a b', '1.0.0')).toBe("npm install 'a b@1.0.0'");
    expect(fixCommand('package-lock@3', "it's", '1.0.0')).toBe("npm install 'it'\\''s@1.0.0'");
  });
});
