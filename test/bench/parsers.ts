import { createRequire } from 'node:module';
import yaml from 'js-yaml';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { readBunLockfile } from '../../src/lockfiles/read-bun.js';
import { readCargoLock } from '../../src/lockfiles/read-cargo.js';
import { readNpmLockfile } from '../../src/lockfiles/read-npm.js';
import { readPnpmLockfile } from '../../src/lockfiles/read-pnpm.js';
import { readUvLock } from '../../src/lockfiles/read-uv.js';
import { readYarnLockfile } from '../../src/lockfiles/read-yarn.js';

const yarnLockfile = createRequire(import.meta.url)('@yarnpkg/lockfile') as {
  parse: (text: string) => unknown;
};

/** Each parser the lockfile benchmark measures, ours and the floor it is compared with. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'read-only': (text) => text.length,
  'depgate:npm': (text) => readNpmLockfile('package-lock.json', text),
  'JSON.parse': (text) => JSON.parse(text) as unknown,
  'depgate:pnpm': (text) => readPnpmLockfile('pnpm-lock.yaml', text),
  'js-yaml': (text) => yaml.load(text),
  'depgate:yarn': (text) => readYarnLockfile('yarn.lock', text),
  '@yarnpkg/lockfile': (text) => yarnLockfile.parse(text),
  'depgate:cargo': (text) => readCargoLock('Cargo.lock', text),
  'smol-toml': (text) => parseToml(text),
  'depgate:bun': (text) => readBunLockfile('bun.lock', text),
  'jsonc-parser': (text) => {
    const errors: ParseError[] = [];
    const data = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
    if (errors.length > 0) throw new Error(`jsonc-parser: ${errors.length} errors`);
    return data;
  },
  'depgate:uv': (text) => readUvLock('uv.lock', text),
};
