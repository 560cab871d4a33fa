/**
 * The files `depgate init` writes: a starting policy that blocks something real with no token, and a
 * workflow that runs with zero secrets (`platform: 'off'`), so that a first pull request, a Dependabot
 * pull request and a fork's pull request all get a verdict rather than a setup failure.
 */
export const STARTER_POLICY = `# depgate policy: what a change to the lockfiles may bring in (every key: docs/policy.md).
# It is read from the base of each pull request, so a pull request cannot relax its own check: an edit
# to this file applies once it is merged.

# Packages a change may not introduce. "name" is a case-insensitive substring unless exactNameMatch;
# versions are compared by each ecosystem's own ordering.
deny:
  - name: event-stream
    exactNameMatch: true
    ecosystem: npm
    exactVersion: 3.3.6
    reason: 'compromised release (flatmap-stream), 2018'
#  - name: lodash
#    exactNameMatch: true
#    ecosystem: npm
#    versionUpperBound: '<4.17.21'
#    reason: 'prototype pollution (CVE-2021-23337): use 4.17.21 or later'

# Excuses for a finding: the same keys as a rule, plus who owns it and until when (a UTC day). After
# that day the finding blocks again.
# exceptions:
#   - name: lodash
#     exactNameMatch: true
#     exactVersion: 4.17.20
#     reason: 'pinned by a vendor SDK'
#     owner: '@your-org/your-team'
#     expires: 2027-01-31

# Licenses (SPDX ids), from the lockfile where it records them, else from the platform (platform: on).
# Use allow: [MIT, Apache-2.0, ...] instead of deny to list what is accepted.
licenses:
  deny: [AGPL-3.0-only, AGPL-3.0-or-later]
  unknown: warn # warn | fail | ignore: a package whose license is not known

# Known vulnerabilities of what a change introduces, from OSV (https://api.osv.dev, no token needed).
vulnerabilities:
  failOn: high # none | low | moderate | high | critical: the lowest severity that blocks
  sources: [osv] # add platform to read the organization's supply-chain findings (needs the token)
  onError: fail # fail | warn: when OSV cannot answer

# Packages no repository of your organization uses yet (needs the platform: platform: on and a token).
newToOrg: warn # off | warn | fail

# Violations the base branch already had are reported apart and do not fail a pull request.
preExisting: report # report | fail
`;

/** The workflow, for a given `uses:` reference of the Action. */
export function starterWorkflow(actionRef: string): string {
  return `# depgate: each pull request's lockfile changes against .github/depgate.yml.
# It needs no secret: platform: 'off' checks the policy, OSV and the sources with the repository's own
# token, so a first run, Dependabot's pull requests (which get no Actions secrets) and pull requests from
# forks all get a verdict. To add the platform (licenses and packages new to the organization, project
# tags), set the DEPGATE_API_TOKEN secret, then platform: 'on' and api-token (README, "The GitHub Action").
name: depgate
on:
  pull_request:
  merge_group:

permissions:
  contents: read # read the lockfiles and the policy by commit SHA
  pull-requests: write # the sticky comment (a fork's pull request gets a read-only token: a notice instead)

jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      # No actions/checkout: both sides of each lockfile are read through the API, never run.
      # Pin the Action to a full commit SHA (docs/releasing.md says why and how to update it).
      - uses: ${actionRef}
        with:
          platform: 'off'
`;
}

/** The `uses:` reference written when none is given: the branch that always holds a built dist/. */
export const DEFAULT_ACTION_REF = 'depgate/depgate@main';
