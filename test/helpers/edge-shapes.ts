import { corpusPath, fixturePath } from './paths.js';

// One real lockfile per format, for the sweep of the shapes a file takes on its way to a pull request
// (test/lockfiles/edge-shapes.test.ts, and through the CLI in test/e2e/parse-edge-shapes.test.ts).

const OSV = (...parts: string[]) => corpusPath('osv-scalibr', 'language', ...parts);

/** One file per format, written by its tool (or taken from a scanner's fixtures), and the name it is read as. */
export const BASES: readonly { name: string; file: string }[] = [
  { name: 'package-lock.json', file: fixturePath('npm', 'root-workspace-v3', 'package-lock.json') },
  { name: 'yarn.lock', file: fixturePath('yarn', 'classic', 'yarn.lock') },
  { name: 'yarn.lock', file: fixturePath('yarn', 'berry-v10', 'yarn.lock') },
  { name: 'pnpm-lock.yaml', file: fixturePath('pnpm', 'pnpm10-app', 'pnpm-lock.yaml') },
  { name: 'bun.lock', file: fixturePath('bun', 'bun1.4-app', 'bun.lock') },
  { name: 'Pipfile.lock', file: OSV('python', 'pipfilelock', 'testdata', 'two-packages.json') },
  { name: 'poetry.lock', file: OSV('python', 'poetrylock', 'testdata', 'multiple-packages.v2.lock') },
  { name: 'uv.lock', file: OSV('python', 'uvlock', 'testdata', 'two-packages.lock') },
  { name: 'pdm.lock', file: OSV('python', 'pdmlock', 'testdata', 'two-packages.toml') },
  { name: 'pylock.toml', file: OSV('python', 'pylock', 'testdata', 'pip-full.toml') },
  { name: 'requirements.txt', file: fixturePath('requirements', 'requirements.txt') },
  { name: 'go.mod', file: fixturePath('gomod', 'replace-and-exclude', 'go.mod') },
  {
    name: 'vendor/modules.txt',
    file: OSV('golang', 'vendormodules', 'testdata', 'valid', 'vendor', 'modules.txt'),
  },
  { name: 'Cargo.lock', file: fixturePath('cargo', 'workspace-v4', 'Cargo.lock') },
  { name: 'Gemfile.lock', file: fixturePath('gemfile', 'sources-and-platforms', 'Gemfile.lock') },
  { name: 'composer.lock', file: fixturePath('composer', 'no-dev', 'composer.lock') },
  { name: 'packages.lock.json', file: fixturePath('nuget', 'central', 'packages.lock.json') },
  {
    name: 'obj/project.assets.json',
    file: fixturePath('nuget-assets', 'console-app', 'obj', 'project.assets.json'),
  },
  { name: 'paket.lock', file: OSV('dotnet', 'paketlock', 'testdata', 'paket.lock') },
  { name: 'gradle.lockfile', file: fixturePath('gradle', 'spring-app', 'gradle.lockfile') },
  {
    name: 'gradle/verification-metadata.xml',
    file: OSV('java', 'gradleverificationmetadataxml', 'testdata', 'two-packages.xml'),
  },
  { name: 'maven_dep_tree.txt', file: fixturePath('maven', 'module', 'maven_dep_tree.txt') },
  { name: 'pom.xml', file: fixturePath('pom', 'order-service', 'pom.xml') },
  { name: 'pubspec.lock', file: fixturePath('pubspec', 'all-sources', 'pubspec.lock') },
  { name: 'mix.lock', file: fixturePath('mix', 'aliases-and-git', 'mix.lock') },
  { name: 'Package.resolved', file: fixturePath('swift', 'mixed-kinds', 'Package.resolved') },
  { name: 'Podfile.lock', file: fixturePath('podfile', 'external-sources', 'Podfile.lock') },
];

/** Text as UTF-16LE with its byte-order mark, as PowerShell 5.1's `>` writes it. */
export const utf16le = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** Text as UTF-16BE with its byte-order mark. */
export const utf16be = (text: string): Buffer => Buffer.from(utf16le(text)).swap16();
