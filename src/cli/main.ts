import type { CliIo } from './io.js';
import { VERSION } from '../version.js';
import { isUserError } from '../domain/index.js';
import { exitWhenFlushed } from '../edge-shared/index.js';

const USAGE = `usage: depgate <command> [options]

commands:
  check [--base REF] [--head REF] [--policy FILE] [--format text|markdown|json|sarif] [--platform on|off]
                                          check the lockfiles a change touches against the policy
  audit [--policy FILE] [--format text|json|sarif|csv] [--tag TAG [--untag-clean] [--dry-run]]
                                          the whole organization against the policy, with project tags
  init [--force] [--action REF]          write a starting .github/depgate.yml and a workflow that needs no secret
  demo                                    the gate end to end on an example repository, offline (npm start)
  parse <lockfile> [--format json|text]   read a lockfile and print its packages
  emulator [--port N] [--data FILE | --generate N] [--token T]
                                          serve the platform API locally from a dataset
  relay --once | serve                    forward unread platform notifications to Slack and GitHub, each once
  help [command]                          show this text, or a command's own help

options:
  --version                               print the version

exit codes: 0 pass, 1 blocked, 2 usage or configuration error, 3 platform error, 70 internal error
`;

type Command = (args: string[], io: CliIo) => Promise<number>;

/** Commands load lazily so that `depgate parse` does not pay for the emulator and vice versa. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  audit: async () => (await import('./audit-command.js')).runAuditCommand,
  check: async () => (await import('./check-command.js')).runCheckCommand,
  demo: async () => (await import('./demo-command.js')).runDemoCommand,
  init: async () => (await import('./init-command.js')).runInitCommand,
  parse: async () => (await import('./parse-command.js')).runParseCommand,
  relay: async () => (await import('./relay-command.js')).runRelayCommand,
  emulator: async () => (await import('./emulator-command.js')).runEmulatorCommand,
};

/** Runs one CLI invocation and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...afterFirst] = argv;
  // `depgate help check` is `depgate check --help`.
  const helpFor = first === 'help' && afterFirst[0] !== undefined ? afterFirst[0] : undefined;
  const [name, ...rest] = helpFor === undefined ? argv : [helpFor, '--help'];
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`depgate ${VERSION}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    const what = name.startsWith('-') ? 'option' : 'command';
    io.stderr(`depgate: unknown ${what} '${name}'\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (error) {
    if (isUserError(error)) {
      io.stderr(`depgate ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`depgate ${name}: unexpected error: ${message}\n`);
    // Never 1: that is the gate's "blocked". 70 is EX_SOFTWARE.
    return 70;
  }
}

function processIo(): CliIo {
  // Only a command that waits for it (a server) listens for signals: any other command keeps the
  // default, so Ctrl-C and SIGTERM stop it at once. The listeners stay (an exit hook of a library that
  // re-raises a signal no other listener handles would otherwise kill a server before it closes). A
  // second signal forces the exit.
  let stopSignal: Promise<void> | undefined;
  const waitForStop = () =>
    (stopSignal ??= new Promise<void>((resolve) => {
      let signals = 0;
      const stop = (signal: NodeJS.Signals) => {
        if (++signals > 1) process.exit(signal === 'SIGINT' ? 130 : 143);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }));
  // A reader that goes away (`depgate parse x | head -1`) closes the pipe: stop writing to it and let
  // the command finish, so that its exit code still says what it found.
  let stdoutOpen = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stdoutOpen = false;
    else throw error;
  });
  return {
    stdout: (text) => {
      if (stdoutOpen) process.stdout.write(text);
    },
    stdoutDrained: () =>
      !stdoutOpen || !process.stdout.writableNeedDrain
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              process.stdout.off('drain', done);
              process.stdout.off('close', done);
              process.stdout.off('error', done);
              resolve();
            };
            process.stdout.on('drain', done);
            process.stdout.on('close', done);
            process.stdout.on('error', done);
          }),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    get stopSignal() {
      return waitForStop();
    },
  };
}

/** Runs the process's command line and sets the exit code. */
export async function main(): Promise<void> {
  const code = await runCli(process.argv.slice(2), processIo());
  process.exitCode = code;
  // Every command is done when it returns (the emulator and the relay server return once asked to
  // stop, their connections closed) and must not linger on a stray timer: a request the emulator is
  // delaying on purpose (a latency fault) would otherwise keep the process alive for its whole delay.
  // Pipes are asynchronous: exit only once all output has reached them, or a reader would lose the tail.
  await exitWhenFlushed(code);
}
