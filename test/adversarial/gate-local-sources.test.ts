// Local sources are the team's own code only when they are in the repository. A yarn berry `file:`
// archive (yarn 3 writes it with `::locator=`, yarn 4 with `#…::hash=`), a package a script builds
// (`exec:`), and a link or folder that climbs out of the repository (`portal:../../elsewhere`, npm's
// `file:../..`, pnpm's `link:`) are someone else's code: a deny rule on them blocks, through
// `depgate check` on a real git repository and through the Action as GitHub runs it. A link to a
// folder of the repository (a workspace's `../../shared` from `packages/app`) stays the team's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const deny = (...names: string[]) =>
  `deny:\n${names.map((n) => `  - name: ${n}\n    exactNameMatch: true\n    reason: "not allowed"\n`).join('')}`;

const BERRY_HEADER = '__metadata:\n  version: 8\n  cacheKey: 10c0\n\n';

/** A berry lockfile whose root workspace (at `app/`) depends on one local entry. */
function berry(name: string, range: string, resolution: string, extra = ''): string {
  return (
    BERRY_HEADER +
    `"${name}@${range}::locator=app%40workspace%3A.":\n  version: 1.0.0\n  resolution: "${resolution}"\n${extra}  languageName: node\n  linkType: hard\n\n` +
    `"app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:."\n  dependencies:\n    ${name}: "${range}"\n  languageName: unknown\n  linkType: soft\n`
  );
}
const EMPTY_BERRY =
  BERRY_HEADER +
  `"app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:."\n  languageName: unknown\n  linkType: soft\n`;

const npmLink = (name: string, target: string) =>
  JSON.stringify({
    name: 'app',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'app', dependencies: { [name]: `file:${target}` } },
      [target]: { name, version: '6.6.6' },
      [`node_modules/${name}`]: { resolved: target, link: true },
    },
  });
const EMPTY_NPM = JSON.stringify({
  name: 'app',
  lockfileVersion: 3,
  requires: true,
  packages: { '': { name: 'app' } },
});

const pnpmLink = (name: string, target: string) =>
  `lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      ${name}:\n        specifier: link:${target}\n        version: link:${target}\n`;
const EMPTY_PNPM = "lockfileVersion: '9.0'\n\nimporters:\n\n  .: {}\n";

interface Case {
  what: string;
  lockfile: string;
  base: string;
  head: string;
  name: string;
}

const judged: Case[] = [
  {
    what: 'a yarn 3 file: archive (::locator=, no hash)',
    lockfile: 'app/yarn.lock',
    base: EMPTY_BERRY,
    head: berry(
      'event-stream',
      'file:./vendor/event-stream-3.3.6.tgz',
      'event-stream@file:./vendor/event-stream-3.3.6.tgz::locator=app%40workspace%3A.',
      '  checksum: 10c0/aaaa\n',
    ),
    name: 'event-stream',
  },
  {
    what: 'a yarn 4 file: archive (#path::hash=)',
    lockfile: 'app/yarn.lock',
    base: EMPTY_BERRY,
    head: berry(
      'event-stream',
      'file:./vendor/event-stream-3.3.6.tgz',
      'event-stream@file:./vendor/event-stream-3.3.6.tgz#./vendor/event-stream-3.3.6.tgz::hash=5f4c8b&locator=app%40workspace%3A.',
      '  checksum: 10c0/bbbb\n',
    ),
    name: 'event-stream',
  },
  {
    what: 'a package a script builds (exec:)',
    lockfile: 'app/yarn.lock',
    base: EMPTY_BERRY,
    head: berry(
      'gen',
      'exec:./gen.js',
      'gen@exec:./gen.js#./gen.js::hash=abc123&locator=app%40workspace%3A.',
    ),
    name: 'gen',
  },
  {
    what: 'a berry portal: out of the repository',
    lockfile: 'app/yarn.lock',
    base: EMPTY_BERRY,
    head: berry('evil', 'portal:../../outside', 'evil@portal:../../outside::locator=app%40workspace%3A.'),
    name: 'evil',
  },
  {
    what: 'a berry link: to an absolute path',
    lockfile: 'yarn.lock',
    base: EMPTY_BERRY,
    head: berry('evil', 'link:/home/ci/evil', 'evil@link:/home/ci/evil::locator=app%40workspace%3A.'),
    name: 'evil',
  },
  {
    what: 'an npm file: link out of the repository',
    lockfile: 'svc/package-lock.json',
    base: EMPTY_NPM,
    head: npmLink('evil', '../../outside'),
    name: 'evil',
  },
  {
    what: 'a pnpm link: out of the repository',
    lockfile: 'pnpm-lock.yaml',
    base: EMPTY_PNPM,
    head: pnpmLink('evil', '../outside'),
    name: 'evil',
  },
];

const own: Case[] = [
  {
    what: 'a berry portal: to a folder of the repository, from a nested workspace',
    lockfile: 'yarn.lock',
    base: EMPTY_BERRY,
    head:
      BERRY_HEADER +
      `"shared@portal:../../shared::locator=web%40workspace%3Apackages%2Fweb":\n  version: 0.0.0-use.local\n  resolution: "shared@portal:../../shared::locator=web%40workspace%3Apackages%2Fweb"\n  languageName: node\n  linkType: soft\n\n` +
      `"web@workspace:packages/web":\n  version: 0.0.0-use.local\n  resolution: "web@workspace:packages/web"\n  dependencies:\n    shared: "portal:../../shared"\n  languageName: unknown\n  linkType: soft\n\n` +
      `"app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:."\n  languageName: unknown\n  linkType: soft\n`,
    name: 'shared',
  },
  {
    what: 'an npm file: link to a folder of the repository',
    lockfile: 'svc/package-lock.json',
    base: EMPTY_NPM,
    head: npmLink('shared', '../shared'),
    name: 'shared',
  },
];

const blockingNames = (report: Report) => report.findings.filter((f) => f.blocking).map((f) => f.name);

describe('depgate check judges local sources that are not the repository’s own code', () => {
  it.each(judged)('$what: a deny rule blocks (exit 1)', async ({ lockfile, base, head, name }) => {
    const policy = deny(name);
    const repo = makeRepo(
      { '.github/depgate.yml': policy, [lockfile]: base },
      { '.github/depgate.yml': policy, [lockfile]: head },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(run.stderr).not.toMatch(/unexpected/i);
    expect(blockingNames(JSON.parse(run.stdout) as Report)).toEqual([name]);
    expect(run.code).toBe(1);
  });

  it.each(own)('$what: own code, not judged (exit 0)', async ({ lockfile, base, head, name }) => {
    const policy = deny(name);
    const repo = makeRepo(
      { '.github/depgate.yml': policy, [lockfile]: base },
      { '.github/depgate.yml': policy, [lockfile]: head },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
    });
    expect(blockingNames(JSON.parse(run.stdout) as Report)).toEqual([]);
    expect(run.code).toBe(0);
  });
});

describe('the Action judges them too', () => {
  let github: FakeGitHub;
  let number = 400;
  beforeAll(async () => {
    github = await startFakeGitHub('acme', 'web');
  });
  afterAll(() => github.close());

  it.each([judged[0]!, judged[3]!])('$what: blocked', async ({ lockfile, base, head, name }) => {
    const policy = deny(name);
    const b = github.commit({ '.github/depgate.yml': policy, [lockfile]: base });
    const h = github.commit({ '.github/depgate.yml': policy, [lockfile]: head }, b);
    github.pull(++number, b, h);
    const run = await runAction({
      github,
      event: 'pull_request',
      payload: pullRequestPayload(github, { number, base: b, head: h }),
      sha: h,
      inputs: { platform: 'off' },
    });
    expect(run.outputs.verdict).toBe('block');
    expect(blockingNames(run.report!)).toEqual([name]);
  });
});
