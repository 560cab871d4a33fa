import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeLockfileBytes, isLockfileError, readLockfile } from '../lockfiles/index.js';
import type { LockfileResult } from '../lockfiles/index.js';
import { plural } from '../report/index.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';

const SPEC: CommandSpec = {
  name: 'parse',
  summary: 'Reads one lockfile and prints its packages. The reader is chosen by file name (below).',
  args: '<lockfile>',
  options: [
    {
      flags: '--format <format>',
      description: 'json (default): {"ecosystem", "format", "packages", "warnings"}; text: a table',
      choices: ['json', 'text'],
    },
    {
      flags: '--as <name>',
      description: 'read the file as if it were named NAME (needed for - : standard input)',
    },
  ],
  after: `lockfiles read:
  npm       package-lock.json, npm-shrinkwrap.json, yarn.lock (v1 and berry), pnpm-lock.yaml, bun.lock
  pypi      requirements*.txt, requirements/*.txt, Pipfile.lock, poetry.lock, uv.lock, pdm.lock
  pypi      pylock.toml, pylock.*.toml
  gomod     go.mod, vendor/modules.txt
  cargo     Cargo.lock
  gem       Gemfile.lock, gems.locked
  composer  composer.lock
  nuget     packages.lock.json, paket.lock, obj/project.assets.json
  swiftpm   Package.resolved
  cocoapods Podfile.lock
  pub       pubspec.lock
  hex       mix.lock
  maven     gradle.lockfile, *gradle*.lockfile, maven_dep_tree.txt, pom.xml
  maven     gradle/verification-metadata.xml

An empty file is read with the warning "empty file: no packages"; a binary file is refused.

exit codes: 0 read, 2 unreadable input (the reason, with file and line, on stderr)`,
};

/** `depgate parse`: read one lockfile and print what it holds. */
export async function runParseCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags, positionals } = parsed;
  const format = flags.get('format') ?? 'json';
  if (format !== 'json' && format !== 'text')
    throw new UsageError(`--format must be json or text, not '${String(format)}'`);
  const file = positionals[0] ?? '';
  const as = flags.get('as');
  if (file === '-' && typeof as !== 'string') throw new UsageError('reading standard input needs --as NAME');

  // Messages name the file as the user gave it, and the name it is read as when --as differs.
  const shown = file === '-' ? 'standard input' : file;
  const name = typeof as === 'string' ? as : file;
  const suffix = typeof as === 'string' && as !== file ? ` (read as ${as})` : '';
  const where = (line?: number, column?: number): string =>
    `${shown}${line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`}${suffix}`;

  let bytes: Buffer;
  try {
    bytes = file === '-' ? await readStdin() : readFileSync(resolve(io.cwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      `depgate parse: cannot read ${shown}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? error)}\n`,
    );
    return 2;
  }
  let result: LockfileResult;
  try {
    result = readLockfile(name, decodeLockfileBytes(name, bytes));
  } catch (error) {
    if (!isLockfileError(error)) throw error;
    io.stderr(`depgate parse: ${where(error.line, error.column)}: ${error.reason}\n`);
    return 2;
  }
  io.stdout(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : renderText(where(), result));
  for (const warning of result.warnings)
    io.stderr(
      `${warning.notice === true ? 'note' : 'warning'}: ${where(warning.line)}: ${warning.message}\n`,
    );
  return 0;
}

function renderText(file: string, result: LockfileResult): string {
  const rows = result.packages.map((p) => [
    String(p.line),
    p.alias === undefined ? p.name : `${p.name} (as ${p.alias})`,
    p.version === '' ? (p.specifier ?? '(unpinned)') : p.version,
    p.source,
    p.direct === undefined ? '' : p.direct ? 'direct' : 'transitive',
    [p.dev ? 'dev' : '', p.optional ? 'optional' : ''].filter(Boolean).join(','),
    p.licenses?.join(', ') ?? '',
  ]);
  const header = ['line', 'name', 'version', 'source', 'kind', 'scope', 'license'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `${file}: ${result.format} (${result.ecosystem}), ${plural(result.packages.length, 'package')}`,
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
