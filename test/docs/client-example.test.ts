// The platform client's example (docs/client.md), typechecked as written under the project's own
// tsconfig, as a file at the repository's root, so that it cannot drift from the client it shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

/** The TypeScript blocks of a Markdown document. */
function tsBlocksOf(doc: string): string[] {
  return [...doc.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** tsc's diagnostics for `source` as a file at the repository's root, with tsconfig.json's options. */
function typecheck(source: string): string[] {
  const configFile = join(ROOT, 'tsconfig.json');
  const read: { config?: unknown; error?: ts.Diagnostic } = ts.readConfigFile(configFile, (path) =>
    ts.sys.readFile(path),
  );
  if (read.error !== undefined)
    throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configFile);
  const example = join(ROOT, 'client-example.ts');
  const host = ts.createCompilerHost(parsed.options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => (path === example ? source : readFile(path));
  host.fileExists = (path) => path === example || fileExists(path);
  host.getSourceFile = (path, languageVersion, ...rest) =>
    path === example
      ? ts.createSourceFile(path, source, languageVersion, true)
      : getSourceFile(path, languageVersion, ...rest);
  const program = ts.createProgram({
    rootNames: [example],
    options: { ...parsed.options, noEmit: true },
    host,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file === undefined || d.start === undefined
        ? ''
        : `${d.file.fileName === example ? 'docs/client.md example' : d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `;
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe("the platform client's example (docs/client.md)", () => {
  const blocks = tsBlocksOf(readFileSync(join(ROOT, 'docs/client.md'), 'utf8'));

  it('is there to check', () => {
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toContain('createPlatformClient');
  });

  it('typechecks as written under the project tsconfig (strict)', () => {
    expect(typecheck(blocks[0]!)).toEqual([]);
  }, 60_000);

  it('fails to typecheck when the example misuses the client (the check is real)', () => {
    const broken = blocks[0]!.replace('client.getDeployments()', 'client.getDeployment()');
    expect(typecheck(broken).join('\n')).toMatch(/getDeployment/);
  }, 60_000);
});
