import { Command, CommanderError, Option } from 'commander';
import { UserError } from '../domain/index.js';

/** What a CLI command may touch, handed in so that tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  /**
   * Resolves once standard output can take more (its buffer below the high-water mark, or closed):
   * long output awaits it between pieces so that it is not all queued in memory. Absent: at once.
   */
  stdoutDrained?: () => Promise<void>;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); long-running commands await it. */
  stopSignal: Promise<void>;
}

/** A user-facing usage or input problem: printed without a stack, exit code 2. */
export class UsageError extends UserError {
  override readonly name: string = 'UsageError';
  readonly kind: 'usage' | 'git' = 'usage';
}

/** One option of a command: commander's flags syntax (`--format <format>`), what it does, its choices. */
export interface OptionSpec {
  flags: string;
  description: string;
  choices?: readonly string[];
}

/** A command's arguments and help, from which commander parses and writes `--help`. */
export interface CommandSpec {
  name: string;
  /** What the command does: the help's first paragraph. */
  summary: string;
  /** Positional arguments in commander's syntax (`<lockfile>`), none when absent. */
  args?: string;
  options: readonly OptionSpec[];
  /** Printed after the options (environment, exit codes). */
  after?: string;
}

export type ParsedCommand =
  | {
      flags: Map<string, string | true>;
      /** Options given several values (`--repository <name...>`). */
      lists: Map<string, string[]>;
      positionals: string[];
    }
  /** The command printed its help: nothing else to do. */
  | { exit: number };

/**
 * Parses a command's arguments with commander: options with values or flags, choices checked, unknown
 * options and missing or extra arguments refused as UsageError (exit 2), `-h`/`--help` generated from
 * the spec.
 */
export function parseCommand(spec: CommandSpec, args: readonly string[], io: CliIo): ParsedCommand {
  const command = new Command(`depgate ${spec.name}`)
    .description(spec.summary)
    .exitOverride()
    .allowExcessArguments(false)
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: () => undefined,
      outputError: () => undefined,
    })
    .helpOption('-h, --help', 'show this help');
  if (spec.args !== undefined) command.arguments(spec.args);
  for (const option of spec.options) {
    const made = new Option(option.flags, option.description);
    if (option.choices !== undefined) made.choices(option.choices);
    command.addOption(made);
  }
  if (spec.after !== undefined) command.addHelpText('after', `\n${spec.after.trimEnd()}`);
  try {
    command.parse([...args], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help') return { exit: 0 };
      throw new UsageError(`${error.message.replace(/^error: /, '')} (see depgate ${spec.name} --help)`);
    }
    throw error;
  }
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  for (const [name, value] of Object.entries(command.opts<Record<string, unknown>>())) {
    if (value === true) flags.set(name, true);
    else if (typeof value === 'string') flags.set(name, value);
    else if (Array.isArray(value)) lists.set(name, value.map(String));
  }
  return { flags, lists, positionals: command.args };
}
