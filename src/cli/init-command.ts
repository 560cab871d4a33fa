import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { DEFAULT_POLICY_PATH } from '../policy/index.js';
import { git } from './git.js';
import { type CliIo, type CommandSpec, parseCommand, UsageError } from './io.js';
import { DEFAULT_ACTION_REF, STARTER_POLICY, starterWorkflow } from './starter-files.js';

const WORKFLOW_PATH = '.github/workflows/depgate.yml';

const SPEC: CommandSpec = {
  name: 'init',
  summary: `Writes a starting policy (${DEFAULT_POLICY_PATH}, commented, every key explained) and a GitHub Actions workflow (${WORKFLOW_PATH}) that checks each pull request with no secret (platform: 'off'), at the root of the git repository around the current folder (else in the current folder). Refuses to replace a file that exists, unless --force.`,
  options: [
    { flags: '--force', description: 'replace the files when they exist' },
    {
      flags: '--action <ref>',
      description: `the workflow's uses: reference (default ${DEFAULT_ACTION_REF}; better: depgate/depgate@<full commit SHA>)`,
    },
    { flags: '--no-workflow', description: `write the policy only, not ${WORKFLOW_PATH}` },
  ],
  after: `next steps:
  depgate check --platform off    the policy against what your branch changes, locally
  git add .github && git commit   the policy applies to pull requests once it is on the default branch

exit codes: 0 written, 2 a file exists (without --force) or cannot be written`,
};

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** `depgate init`: the starting files, never over a file the user has without --force. */
export async function runInitCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(SPEC, args, io);
  if ('exit' in parsed) return parsed.exit;
  const { flags } = parsed;
  const force = flags.has('force');
  // commander turns --no-workflow into workflow: false, which is not a flag value: absent means written.
  const withWorkflow = !args.includes('--no-workflow');
  const action = flags.get('action');
  if (action !== undefined && (typeof action !== 'string' || !/^[\w.-]+\/[\w./-]+@\S+$/.test(action)))
    throw new UsageError(`--action must look like owner/repo@ref, not '${String(action)}'`);

  let root = io.cwd;
  try {
    root = (await git(io.cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    // not in a git repository: the current folder
  }
  const files: { path: string; text: string }[] = [{ path: DEFAULT_POLICY_PATH, text: STARTER_POLICY }];
  if (withWorkflow)
    files.push({
      path: WORKFLOW_PATH,
      text: starterWorkflow(typeof action === 'string' ? action : DEFAULT_ACTION_REF),
    });

  const shown = (path: string) => relative(io.cwd, join(root, path)) || path;
  if (!force) {
    const present: string[] = [];
    for (const file of files) if (await exists(join(root, file.path))) present.push(shown(file.path));
    if (present.length > 0)
      throw new UsageError(
        `${present.join(' and ')} already exist${present.length === 1 ? 's' : ''}: nothing written (--force replaces ${present.length === 1 ? 'it' : 'them'})`,
      );
  }
  for (const file of files) {
    const full = join(root, file.path);
    try {
      await mkdir(dirname(full), { recursive: true });
      // Without --force, 'wx' refuses a file that appeared since the check above.
      await writeFile(full, file.text, { flag: force ? 'w' : 'wx' });
    } catch (error) {
      throw new UsageError(
        `cannot write ${shown(file.path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
    io.stderr(`depgate init: wrote ${shown(file.path)}\n`);
  }
  io.stderr(
    `depgate init: next: depgate check --platform off (tries the policy on your branch's changes), then commit .github\n`,
  );
  return 0;
}
