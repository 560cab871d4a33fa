// Command-line conventions a user (or a script) relies on, through the real `depgate` command.
import { describe, expect, it } from 'vitest';
import { runDepgate } from '../helpers/cli.js';

describe('depgate command-line conventions', () => {
  it.each(['check', 'audit', 'parse', 'relay', 'emulator', 'demo', 'init'])(
    "`depgate help %s` prints that command's own help, as `--help` does",
    async (command) => {
      const viaHelp = await runDepgate(['help', command]);
      const viaFlag = await runDepgate([command, '--help']);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toContain(`Usage: depgate ${command}`);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    },
  );

  it('`depgate help` alone, and `help` of a command that does not exist', async () => {
    const help = await runDepgate(['help']);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('help [command]')]);
    const unknown = await runDepgate(['help', 'chek']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("depgate: unknown command 'chek'");
  });

  it('reports an unknown top-level option as an option, an unknown word as a command (exit 2)', async () => {
    const option = await runDepgate(['--colour']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("depgate: unknown option '--colour'");
    const command = await runDepgate(['colour']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("depgate: unknown command 'colour'");
  });

  it('lists the exit codes in `relay --help`, `check --help` and `audit --help`', async () => {
    for (const command of ['relay', 'check', 'audit']) {
      const run = await runDepgate([command, '--help']);
      expect(run.stdout, command).toMatch(/exit codes: 0 [^\n]+, 2 [^\n]+/);
    }
  });
});
