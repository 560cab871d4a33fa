// `depgate parse` as a user runs it: the committed bundle as a child process, on files in a folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'depgate-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  writeFileSync(join(dir, name), content);
  return name;
}

const parse = (args: string[], stdin?: string) =>
  runDepgate(['parse', ...args], { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });

describe('depgate parse', () => {
  it('reads an empty lockfile with the warning "empty file: no packages", exit 0', async () => {
    file('yarn.lock', '');
    file('Cargo.lock', '  \n\n');
    for (const name of ['yarn.lock', 'Cargo.lock']) {
      const run = await parse([name]);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        packages: [],
        warnings: [{ message: 'empty file: no packages' }],
      });
      expect(run.stderr).toBe(`warning: ${name}: empty file: no packages\n`);
    }
  });

  it('refuses a binary file as binary, naming the file, without its bytes, exit 2', async () => {
    file(
      'package-lock.json',
      Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x73, 0x65, 0x63, 0x72, 0x65, 0x74, 0x0a]),
    );
    const run = await parse(['package-lock.json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'depgate parse: package-lock.json:1: binary file (a NUL byte at line 1): not a text lockfile\n',
    );
    file(
      'poetry.lock',
      Buffer.concat([
        Buffer.from('[[package]]\nname = "'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"\n'),
      ]),
    );
    const latin = await parse(['poetry.lock']);
    expect(latin.code).toBe(2);
    expect(latin.stderr).toBe(
      'depgate parse: poetry.lock:2: binary file (bytes that are not UTF-8 text at line 2): not a text lockfile\n',
    );
  });

  it('names the real file and the name it is read as, with --as, in errors and warnings', async () => {
    file('locked.txt', 'not a yarn entry\n');
    const error = await parse(['locked.txt', '--as', 'yarn.lock']);
    expect(error.code).toBe(2);
    expect(error.stderr).toMatch(/^depgate parse: locked\.txt:1 \(read as yarn\.lock\): /);

    file('empty.txt', '\n');
    const empty = await parse(['empty.txt', '--as', 'Cargo.lock']);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toBe('warning: empty.txt (read as Cargo.lock): empty file: no packages\n');

    const stdin = await parse(['-', '--as', 'requirements.txt'], 'requests==2.31.0\n-e .[socks]\n');
    expect(stdin.code).toBe(0);
    expect(stdin.stderr).toBe(
      'warning: standard input:2 (read as requirements.txt): ".[socks]" is the project in this folder itself: not a dependency, not listed\n',
    );

    const binary = await parse(['-', '--as', 'go.mod'], 'module x\u0000\n');
    expect(binary.code).toBe(2);
    expect(binary.stderr).toBe(
      'depgate parse: standard input:1 (read as go.mod): binary file (a NUL byte at line 1): not a text lockfile\n',
    );

    const unknown = await parse(['locked.txt', '--as', 'locked.txt']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^depgate parse: locked\.txt: not a lockfile name/);
  });

  it('says "1 package" and "2 packages" in its text table', async () => {
    file('requirements.txt', 'requests==2.31.0\n');
    const one = await parse(['requirements.txt', '--format', 'text']);
    expect(one.stdout.split('\n')[0]).toBe('requirements.txt: requirements (pypi), 1 package');
    file('requirements-dev.txt', 'requests==2.31.0\nurllib3==2.2.1\n');
    const two = await parse(['requirements-dev.txt', '--format', 'text']);
    expect(two.stdout.split('\n')[0]).toBe('requirements-dev.txt: requirements (pypi), 2 packages');
  });

  it('lists a Cargo.lock crate without source as the workspace, never as transitive', async () => {
    writeFileSync(
      join(dir, 'Cargo.lock'),
      'version = 3\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde"]\n\n[[package]]\nname = "serde"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n',
    );
    const run = await parse(['Cargo.lock', '--format', 'text']);
    expect(run.code).toBe(0);
    const rows = run.stdout
      .split('\n')
      .slice(2, 4)
      .map((row) => row.split(/\s{2,}/));
    expect(rows).toEqual([
      ['3', 'app', '0.1.0', 'workspace'],
      ['8', 'serde', '1.0.0', 'registry', 'direct'],
    ]);
  });

  it('warns that a pom.xml with only dependencyManagement declares no dependencies', async () => {
    file(
      'pom.xml',
      '<project>\n<dependencyManagement><dependencies>\n<dependency><groupId>a</groupId><artifactId>b</artifactId><version>1</version></dependency>\n</dependencies></dependencyManagement>\n</project>\n',
    );
    const run = await parse(['pom.xml']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning: pom\.xml:2: this pom\.xml declares no dependencies: /);
  });

  it('reads the newer lock formats by their file names, and lists them in its help', async () => {
    const cases: [string, string, string][] = [
      [
        'pylock.toml',
        'lock-version = "1.0"\n\n[[packages]]\nname = "attrs"\nversion = "25.1.0"\n',
        '3 attrs@25.1.0',
      ],
      ['Podfile.lock', 'PODS:\n  - Alamofire (5.9.1)\n\nDEPENDENCIES:\n  - Alamofire\n', '2 Alamofire@5.9.1'],
      [
        'vendor/modules.txt',
        '# golang.org/x/net v0.5.6\n## explicit; go 1.21\ngolang.org/x/net/http2\n',
        '1 golang.org/x/net@v0.5.6',
      ],
      [
        'paket.lock',
        'NUGET\n  remote: https://api.nuget.org/v3/index.json\n    FSharp.Core (8.0.100)\n',
        '3 FSharp.Core@8.0.100',
      ],
      [
        'obj/project.assets.json',
        '{\n  "version": 3,\n  "libraries": {\n    "Serilog/3.1.1": {"type": "package"}\n  }\n}\n',
        '4 Serilog@3.1.1',
      ],
      [
        'gradle/verification-metadata.xml',
        '<verification-metadata>\n<components>\n<component group="com.google.guava" name="guava" version="33.0.0-jre"/>\n</components>\n</verification-metadata>\n',
        '3 com.google.guava:guava@33.0.0-jre',
      ],
    ];
    for (const [name, text, expected] of cases) {
      const run = await parse(['-', '--as', name], text);
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      const result = JSON.parse(run.stdout) as {
        packages: { line: number; name: string; version: string }[];
      };
      expect(result.packages.map((p) => `${p.line} ${p.name}@${p.version}`)).toEqual([expected]);
    }
    const help = await parse(['--help']);
    for (const name of [
      'pylock.toml',
      'Podfile.lock',
      'vendor/modules.txt',
      'paket.lock',
      'project.assets.json',
      'gradle/verification-metadata.xml',
    ])
      expect(help.stdout).toContain(name);
  });

  it('aligns the rows of its help', async () => {
    const run = await parse(['--help']);
    expect(run.code).toBe(0);
    const table = run.stdout.slice(run.stdout.indexOf('lockfiles read:\n') + 'lockfiles read:\n'.length);
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n');
    expect(rows.length).toBeGreaterThan(8);
    // Every row: the ecosystem in a 10-column field, then its file names.
    for (const row of rows) expect(row, row).toMatch(/^ {2}[a-z]+ +\S/);
    const column = new Set(rows.map((row) => /^ {2}[a-z]+ +/.exec(row)![0].length));
    expect([...column]).toEqual([12]);
  });
});
