import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLockfile } from '../../src/lockfiles/read-lockfile.js';
import { readNugetAssets } from '../../src/lockfiles/nuget/read-nuget-assets.js';
import { expectGolden } from '../helpers/golden.js';
import { corpusPath, fixturePath, CORPUS_TEST } from '../helpers/paths.js';
import { lockfileErrorOf } from '../helpers/reader-tests.js';

const DIR = corpusPath('osv-scalibr', 'language', 'dotnet', 'projectassetsjson', 'testdata');
const VALID = `${DIR}/valid/project.assets.json`;
const read = (path: string) => readLockfile(path, readFileSync(path, 'utf8'), { edges: true });

describe('readNugetAssets', () => {
  it('reads the corpus project.assets.json as its reviewed golden file', CORPUS_TEST, () => {
    expectGolden(VALID, read(VALID));
  });

  it(
    'lists every library once, project references as the workspace, direct ones from the project',
    CORPUS_TEST,
    () => {
      const result = read(VALID);
      expect(result.format).toBe('project-assets@3');
      const byName = new Map(result.packages.map((p) => [p.name, p]));
      expect(byName.get('Microsoft.SourceLink.GitHub')).toMatchObject({
        version: '1.0.0-beta2-19351-01',
        source: 'registry',
        direct: true,
      });
      expect(byName.get('Microsoft.Build.Tasks.Git')).toMatchObject({ source: 'registry', direct: false });
      expect(byName.get('NuGet.Frameworks')).toMatchObject({
        version: '5.5.0',
        source: 'workspace',
        direct: true,
        resolved: '../NuGet.Frameworks/NuGet.Frameworks.csproj',
      });
      const index = (name: string) => result.packages.findIndex((p) => p.name === name);
      expect(result.dependencies![index('Microsoft.SourceLink.GitHub')]).toEqual(
        [index('Microsoft.Build.Tasks.Git'), index('Microsoft.SourceLink.Common')].sort((a, b) => a - b),
      );
      const lines = readFileSync(VALID, 'utf8').split('\n');
      for (const pkg of result.packages)
        expect(lines[pkg.line - 1]).toContain(`"${pkg.name}/${pkg.version}"`);
    },
  );

  it.each([
    ['{"version": 2, "libraries": {}}', 1, /unsupported project\.assets\.json version 2/],
    ['{\n  "targets": {}\n}', 1, /no "version"/],
    [
      '{\n  "version": 3,\n  "libraries": {\n    "NoVersion": {}\n  }\n}',
      4,
      /"NoVersion" is not "Name\/version"/,
    ],
    ['{\n  "version": 3\n}', 2, /no "libraries"/],
    ['[1]', 1, /top level is not an object/],
    ['{"version": 3,', 1, /not valid JSON/],
  ])('refuses %j at line %i', (text, line, reason) => {
    const error = lockfileErrorOf(() => readNugetAssets('project.assets.json', text));
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
  });

  it('refuses the corpus file that is not JSON', CORPUS_TEST, () => {
    const text = readFileSync(`${DIR}/invalid/invalid`, 'utf8');
    expect(lockfileErrorOf(() => readLockfile('obj/project.assets.json', text)).reason).toMatch(
      /not valid JSON/,
    );
  });
});

describe('readNugetAssets on a small restore of a console app', () => {
  const FIXTURE = fixturePath('nuget-assets', 'console-app', 'obj', 'project.assets.json');

  it('reads as its reviewed golden file', () => {
    expectGolden(FIXTURE, read(FIXTURE));
  });

  it('tells direct packages and the project reference, and resolves edges per target', () => {
    const result = read(FIXTURE);
    expect(result.packages.map((p) => `${p.line} ${p.name}@${p.version}:${p.source}:${p.direct}`)).toEqual([
      '55 Newtonsoft.Json@13.0.3:registry:false',
      '65 Serilog@3.1.1:registry:false',
      '75 Serilog.Sinks.Console@5.0.1:registry:true',
      '85 Shared.Core@1.0.0:workspace:true',
    ]);
    expect(result.dependencies).toEqual([[], [], [1], [0]]);
  });
});
