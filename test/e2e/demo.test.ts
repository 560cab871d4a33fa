import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { runDepgate } from '../helpers/cli.js';

describe('npm start (depgate demo), run as a child process', () => {
  it('checks the example change against the emulator, prints the report and tags the project', async () => {
    const run = await runDepgate(['demo'], { env: { NO_COLOR: '1' } });
    // Two of the seven are known vulnerabilities from the emulator's OSV API (the demo turns the check
    // on), two the injected entry's host and integrity.
    expect(run.stderr).toContain('depgate check: blocked: 7 violations, 1 warning, 9 introduced');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('depgate BLOCKED: 7 violations');
    expect(out).toContain('fix: lodash 4.17.20 -> 4.17.21');
    expect(out).toContain('fix: minimist 1.2.5 -> 1.2.6');
    expect(out).toContain(
      'GHSA-xvch-5gv4-984h (critical, CVE-2021-44906): Prototype Pollution in minimist https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h',
    );
    // The injected entry: ip-address 10.2.0 pointed at another host with another integrity.
    expect(out).toContain(
      'services/payments/package-lock.json (package-lock@3): 1 source or integrity changed',
    );
    expect(out).toContain('ip-address 10.2.0 is fetched from npm.evil.example.com, not an allowed host');
    expect(out).toContain('ip-address 10.2.0: its integrity changed for the same version');
    expect(out).toMatch(/BLOCK {2}lodash {4}4\.17\.21 -> 4\.17\.20/);
    expect(out).toContain(
      '@ffmpeg-installer/linux-x64 4.1.0 has license GPL-3.0-only, denied by licenses.deny',
    );
    expect(out).toContain('exceptions[1] (owner @acme/checkout) expired on 2026-01-31');
    expect(out).toContain('dayjs is new to the organization');
    expect(out).toContain('tags before: ["team:frontend"]');
    expect(out).toContain('tags after:  ["team:frontend","deps:blocked"]');
    expect(out).toMatch(/5\. depgate relay --once --backfill/);
    expect(out).toMatch(/posted: \[\w+\] New critical reachable finding/);
    expect(out).toMatch(/(\d+) posted; a second run posted 0/);
    // The supply-chain step: a fresh version, a lost provenance, an install script, from recorded packuments.
    expect(out).toContain(
      'debug 4.4.3 was published 16 hours ago (minimumReleaseAge 3d): wait until 2025-09-16 19:28 UTC or pin 4.4.1',
    );
    expect(out).toContain(
      'debug 4.4.3 has no provenance attestation, but the version it replaces, 4.4.1, had one',
    );
    expect(out).toContain(
      'esbuild 0.25.0 runs an install script (postinstall): add it to supplyChain.allowScripts if you trust it',
    );
    expect(run.stderr).toContain('depgate check: blocked: 3 violations, 1 warning, 4 introduced');
    expect(out).not.toContain('\u001b[');
  });

  it('answers --help', async () => {
    const run = await runDepgate(['demo', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: depgate demo [options]');
    expect(run.stdout).toContain('--keep');
  });
});

describe('VERSION', () => {
  it('is the version package.json declares', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});

describe('depgate --version', () => {
  it('prints the version', async () => {
    const run = await runDepgate(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`depgate ${VERSION}\n`);
  });
});
