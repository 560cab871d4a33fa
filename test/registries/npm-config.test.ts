import { describe, expect, it } from 'vitest';
import { npmRegistryConfig, npmRegistryFor, npmTokenFor } from '../../src/registries/index.js';

const NPMRC = `# the repository's .npmrc
registry=https://mirror.example.com/npm/
@acme:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=\${GH_TOKEN}
//mirror.example.com/npm/:_authToken="mirror-secret"
; always-auth=true
`;

describe('the npm registry, found as npm finds it', () => {
  it('defaults to registry.npmjs.org', () => {
    const config = npmRegistryConfig(undefined, {});
    expect(npmRegistryFor('chalk', config)).toBe('https://registry.npmjs.org/');
  });

  it("takes the repository's .npmrc registry and a scope's own registry", () => {
    const config = npmRegistryConfig(NPMRC, { GH_TOKEN: 'gh-secret' });
    expect(npmRegistryFor('chalk', config)).toBe('https://mirror.example.com/npm/');
    expect(npmRegistryFor('@acme/ui', config)).toBe('https://npm.pkg.github.com/');
    expect(npmRegistryFor('@other/ui', config)).toBe('https://mirror.example.com/npm/');
  });

  it('lets npm_config_registry win over .npmrc registry=, but not over a scope', () => {
    const config = npmRegistryConfig(NPMRC, { npm_config_registry: 'http://127.0.0.1:4873' });
    expect(npmRegistryFor('chalk', config)).toBe('http://127.0.0.1:4873/');
    expect(npmRegistryFor('@acme/ui', config)).toBe('https://npm.pkg.github.com/');
  });

  it('gives a token only to the host (and path) it is configured for', () => {
    const config = npmRegistryConfig(NPMRC, { GH_TOKEN: 'gh-secret' });
    expect(npmTokenFor('https://npm.pkg.github.com/', config)).toBe('gh-secret');
    expect(npmTokenFor('https://mirror.example.com/npm/', config)).toBe('mirror-secret');
    expect(npmTokenFor('https://mirror.example.com/npm/sub/', config)).toBe('mirror-secret');
    expect(npmTokenFor('https://mirror.example.com/', config)).toBeUndefined();
    expect(npmTokenFor('https://registry.npmjs.org/', config)).toBeUndefined();
    expect(npmTokenFor('https://npm.pkg.github.com.evil.example/', config)).toBeUndefined();
  });
});
