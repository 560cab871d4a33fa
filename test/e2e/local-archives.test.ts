import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/gate/index.js';
import { runDepgate } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repo.js';

// A local wheel or archive is third-party code committed to the repository: the gate reports and
// judges it, while a local folder (the user's own package) is still left out.

const LOCK = (extra: string) => `[[package]]
name = "numpy"
version = "1.23.3"
description = "NumPy is the fundamental package for array computing with Python."
category = "main"
optional = false
python-versions = ">=3.8"
${extra}
[metadata]
lock-version = "1.1"
python-versions = "^3.8"
content-hash = "399777887f0c3171cbc3fc8a8e350d0fca4d882cf126657f60ec83872572ed44"

[metadata.files]
numpy = []
`;
const entry = (name: string, type: string, url: string) => `
[[package]]
name = "${name}"
version = "2.0.0"
description = ""
category = "main"
optional = false
python-versions = "*"

[package.source]
type = "${type}"
url = "${url}"
`;
const POLICY = {
  '.github/depgate.yml':
    'deny:\n  - { name: vendored-crypto, exactNameMatch: true, reason: "unreviewed wheel" }\n  - { name: own-lib, exactNameMatch: true }\n',
};

describe('depgate check on local archives (poetry [package.source] type = "file")', () => {
  it('reports a local wheel as added and judges it; a local folder stays out', async () => {
    const repo = makeRepo(
      { ...POLICY, 'poetry.lock': LOCK('') },
      {
        ...POLICY,
        'poetry.lock': LOCK(
          entry('vendored-crypto', 'file', 'vendor/vendored_crypto-2.0.0-py3-none-any.whl') +
            entry('own-lib', 'directory', 'libs/own-lib'),
        ),
      },
    );
    const run = await runDepgate(['check', '--base', 'main', '--head', 'change', '--format', 'json'], {
      cwd: repo,
      env: { DEPGATE_PLATFORM: 'off' },
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.lockfiles[0]!.changes.map((c) => `${c.kind} ${c.name} ${c.to ?? ''}`)).toEqual([
      'added vendored-crypto 2.0.0',
    ]);
    expect(report.findings.filter((f) => f.blocking).map((f) => f.name)).toEqual(['vendored-crypto']);
  });
});
