// Real published OSV records, trimmed (references cut to the advisory's own page, long details to their
// first sentence, Go's symbol lists dropped); ids, aliases, summaries, severities and affected ranges are
// as published in github/advisory-database, pypa/advisory-database, golang/vulndb and rustsec/advisory-db
// (RUSTSEC records in the OSV form osv.dev serves them: `patched`/`unaffected` become SEMVER events).
// They cover the seeded dataset's vulnerable versions and the demo: lodash 4.17.20, minimist 1.2.5,
// event-stream 3.3.6, PyYAML 5.3.1, golang.org/x/crypto of 2022, log4j-core 2.14.1 and openssl 0.10.64.

const ghsa = (severity: string, reviewedAt?: string) => ({
  database_specific: {
    severity,
    github_reviewed: true,
    ...(reviewedAt === undefined ? {} : { github_reviewed_at: reviewedAt }),
  },
});
const advisoryPage = (id: string) => [{ type: 'ADVISORY', url: `https://github.com/advisories/${id}` }];
const range = (type: string, ...events: Record<string, string>[]) => ({ type, events });

/** The emulator's OSV database: what `GET /v1/vulns/{id}` serves and `POST /v1/querybatch` matches. */
export const OSV_SEED_RECORDS: readonly Record<string, unknown>[] = [
  {
    schema_version: '1.3.0',
    id: 'GHSA-35jh-r3h4-6jhm',
    modified: '2022-02-08T21:35:09Z',
    published: '2021-05-06T16:05:51Z',
    aliases: ['CVE-2021-23337'],
    summary: 'Command Injection in lodash',
    details:
      '`lodash` versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'lodash' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
      },
      {
        package: { ecosystem: 'npm', name: 'lodash-es' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
      },
    ],
    references: advisoryPage('GHSA-35jh-r3h4-6jhm'),
    ...ghsa('HIGH', '2021-03-31T23:59:26Z'),
  },
  {
    schema_version: '1.4.0',
    id: 'GHSA-29mw-wpgm-hmr9',
    modified: '2023-09-05T22:58:25Z',
    published: '2022-01-06T20:30:46Z',
    aliases: ['CVE-2020-28500'],
    summary: 'Regular Expression Denial of Service (ReDoS) in lodash',
    details:
      'All versions of package lodash prior to 4.17.21 are vulnerable to Regular Expression Denial of Service (ReDoS) via the `toNumber`, `trim` and `trimEnd` functions.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'lodash' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
      },
      {
        package: { ecosystem: 'npm', name: 'lodash-es' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.17.21' })],
      },
      {
        package: { ecosystem: 'npm', name: 'lodash.trimend' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { last_affected: '4.5.1' })],
      },
      {
        package: { ecosystem: 'npm', name: 'lodash.trim' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { last_affected: '4.5.1' })],
      },
    ],
    references: advisoryPage('GHSA-29mw-wpgm-hmr9'),
    ...ghsa('MODERATE', '2021-03-19T22:45:28Z'),
  },
  {
    schema_version: '1.4.0',
    id: 'GHSA-xvch-5gv4-984h',
    modified: '2023-02-27T14:47:14Z',
    published: '2022-03-18T00:01:09Z',
    aliases: ['CVE-2021-44906'],
    summary: 'Prototype Pollution in minimist',
    details:
      'Minimist prior to 1.2.6 and 0.2.4 is vulnerable to Prototype Pollution via file `index.js`, function `setKey()` (lines 69-95).',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'minimist' },
        ranges: [range('ECOSYSTEM', { introduced: '1.0.0' }, { fixed: '1.2.6' })],
      },
      {
        package: { ecosystem: 'npm', name: 'minimist' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.2.4' })],
      },
    ],
    references: advisoryPage('GHSA-xvch-5gv4-984h'),
    ...ghsa('CRITICAL', '2022-03-18T23:13:40Z'),
  },
  {
    schema_version: '1.3.0',
    id: 'GHSA-mh6f-8j2x-4483',
    modified: '2021-09-15T20:08:26Z',
    published: '2018-11-26T23:58:21Z',
    aliases: [],
    summary: 'Critical severity vulnerability that affects event-stream and flatmap-stream',
    details:
      'The NPM package `flatmap-stream` is considered malicious.  A malicious actor added this package as a dependency to the NPM `event-stream` package in version `3.3.6`.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'event-stream' },
        ranges: [range('ECOSYSTEM', { introduced: '3.3.6' }, { fixed: '4.0.0' })],
        versions: ['3.3.6'],
      },
      {
        package: { ecosystem: 'npm', name: 'flatmap-stream' },
        ranges: [range('ECOSYSTEM', { introduced: '0' })],
      },
    ],
    references: advisoryPage('GHSA-mh6f-8j2x-4483'),
    ...ghsa('CRITICAL', '2020-06-16T21:46:17Z'),
  },
  {
    schema_version: '1.2.0',
    id: 'GHSA-8q59-q68h-6hv4',
    modified: '2021-09-28T19:04:49Z',
    published: '2021-03-25T21:26:26Z',
    aliases: ['CVE-2020-14343'],
    summary: 'Improper Input Validation in PyYAML',
    details:
      'A vulnerability was discovered in the PyYAML library in versions before 5.4, where it is susceptible to arbitrary code execution when it processes untrusted YAML files through the full_load method or with the FullLoader loader.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'PyPI', name: 'PyYAML' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '5.4' })],
      },
    ],
    references: advisoryPage('GHSA-8q59-q68h-6hv4'),
    ...ghsa('CRITICAL'),
  },
  {
    id: 'PYSEC-2021-142',
    modified: '2021-08-27T03:22:18.913334Z',
    published: '2021-02-09T21:15:00Z',
    aliases: ['CVE-2020-14343', 'GHSA-8q59-q68h-6hv4'],
    details:
      'A vulnerability was discovered in the PyYAML library in versions before 5.4, where it is susceptible to arbitrary code execution when it processes untrusted YAML files through the full_load method or with the FullLoader loader.',
    affected: [
      {
        package: { name: 'pyyaml', ecosystem: 'PyPI', purl: 'pkg:pypi/pyyaml' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '5.4' })],
        versions: [
          '3.01',
          '3.02',
          '3.03',
          '3.04',
          '3.05',
          '3.06',
          '3.07',
          '3.08',
          '3.09',
          '3.10',
          '3.11',
          '3.12',
          '3.13',
          '3.13b1',
          '3.13rc1',
          '4.2b1',
          '4.2b2',
          '4.2b4',
          '5.1',
          '5.1.1',
          '5.1.2',
          '5.1b1',
          '5.1b3',
          '5.1b5',
          '5.1b7',
          '5.2',
          '5.2b1',
          '5.3',
          '5.3.1',
          '5.3b1',
          '5.4b1',
          '5.4b2',
        ],
      },
    ],
    references: [
      { type: 'REPORT', url: 'https://bugzilla.redhat.com/show_bug.cgi?id=1860466' },
      { type: 'ADVISORY', url: 'https://github.com/advisories/GHSA-8q59-q68h-6hv4' },
    ],
  },
  {
    schema_version: '1.4.0',
    id: 'GHSA-45x7-px36-x8w8',
    modified: '2023-12-19T20:35:35Z',
    published: '2023-12-18T19:22:09Z',
    aliases: ['CVE-2023-48795'],
    summary: 'Prefix Truncation Attack against ChaCha20-Poly1305 and Encrypt-then-MAC aka Terrapin',
    details:
      "Terrapin is a prefix truncation attack targeting the SSH protocol. More precisely, Terrapin breaks the integrity of SSH's secure channel.",
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N' }],
    affected: [
      {
        package: { ecosystem: 'crates.io', name: 'russh' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.40.2' })],
      },
      {
        package: { ecosystem: 'Go', name: 'golang.org/x/crypto' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '0.17.0' })],
      },
      {
        package: { ecosystem: 'PyPI', name: 'paramiko' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '3.4.0' })],
      },
    ],
    references: advisoryPage('GHSA-45x7-px36-x8w8'),
    ...ghsa('MODERATE', '2023-12-18T19:22:09Z'),
  },
  {
    schema_version: '1.3.1',
    id: 'GO-2023-2402',
    modified: '0001-01-01T00:00:00Z',
    published: '0001-01-01T00:00:00Z',
    aliases: ['CVE-2023-48795', 'GHSA-45x7-px36-x8w8'],
    summary: 'Man-in-the-middle attacker can compromise integrity of secure channel in golang.org/x/crypto',
    details:
      'A protocol weakness allows a MITM attacker to compromise the integrity of the secure channel before it is established, allowing the attacker to prevent transmission of a number of messages immediately after the secure channel is established without either side being aware.',
    affected: [
      {
        package: { name: 'golang.org/x/crypto', ecosystem: 'Go' },
        ranges: [range('SEMVER', { introduced: '0' }, { fixed: '0.17.0' })],
        ecosystem_specific: { imports: [{ path: 'golang.org/x/crypto/ssh' }] },
      },
    ],
    references: [
      { type: 'REPORT', url: 'https://go.dev/issue/64784' },
      { type: 'FIX', url: 'https://go.dev/cl/550715' },
    ],
    database_specific: { url: 'https://pkg.go.dev/vuln/GO-2023-2402' },
  },
  {
    schema_version: '1.3.0',
    id: 'GHSA-jfh8-c2jp-5v3q',
    modified: '2022-03-25T20:56:18Z',
    published: '2021-12-10T00:40:56Z',
    aliases: ['CVE-2021-44228'],
    summary: 'Remote code injection in Log4j',
    details:
      'Log4j versions prior to 2.16.0 are subject to a remote code execution vulnerability via the ldap JNDI parser.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.15.0' })],
      },
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.3.1' })],
      },
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '2.4' }, { fixed: '2.12.2' })],
      },
    ],
    references: advisoryPage('GHSA-jfh8-c2jp-5v3q'),
    ...ghsa('CRITICAL', '2021-12-10T00:40:41Z'),
  },
  {
    schema_version: '1.2.0',
    id: 'GHSA-7rjr-3q55-vv33',
    modified: '2022-02-24T18:12:21Z',
    published: '2021-12-14T18:01:28Z',
    aliases: ['CVE-2021-45046'],
    summary: 'Incomplete fix for Apache Log4j vulnerability',
    details:
      'The fix to address CVE-2021-44228 in Apache Log4j 2.15.0 was incomplete in certain non-default configurations.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.16.0' })],
      },
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.12.2' })],
      },
    ],
    references: advisoryPage('GHSA-7rjr-3q55-vv33'),
    ...ghsa('CRITICAL'),
  },
  {
    schema_version: '1.2.0',
    id: 'GHSA-p6xc-xr62-6r2g',
    modified: '2022-08-11T21:38:34Z',
    published: '2021-12-18T18:00:07Z',
    aliases: ['CVE-2021-45105'],
    summary: 'Apache Log4j2 vulnerable to Improper Input Validation and Uncontrolled Recursion',
    details:
      'Apache Log4j2 versions 2.0-alpha1 through 2.16.0 (excluding 2.12.3) did not protect from uncontrolled recursion from self-referential lookups.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:H' }],
    affected: [
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '2.4.0' }, { fixed: '2.12.3' })],
      },
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '2.13.0' }, { fixed: '2.17.0' })],
      },
      {
        package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
        ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '2.3.1' })],
      },
    ],
    references: advisoryPage('GHSA-p6xc-xr62-6r2g'),
    ...ghsa('HIGH'),
  },
  {
    id: 'RUSTSEC-2025-0004',
    modified: '2025-02-03T00:00:00Z',
    published: '2025-02-02T12:00:00Z',
    aliases: ['GHSA-rpmj-rpgj-qmpm'],
    summary: 'ssl::select_next_proto use after free',
    details:
      "In `openssl` versions before `0.10.70`, `ssl::select_next_proto` can return a slice pointing into the `server` argument's buffer but with a lifetime bound to the `client` argument.",
    affected: [
      {
        package: { ecosystem: 'crates.io', name: 'openssl', purl: 'pkg:cargo/openssl' },
        ranges: [range('SEMVER', { introduced: '0.0.0-0' }, { fixed: '0.10.70' })],
        ecosystem_specific: {
          affects: { functions: ['openssl::ssl::select_next_proto'], os: [], arch: [] },
        },
        database_specific: { categories: ['memory-exposure'], cvss: null, informational: null },
      },
    ],
    references: [
      { type: 'PACKAGE', url: 'https://crates.io/crates/openssl' },
      { type: 'ADVISORY', url: 'https://rustsec.org/advisories/RUSTSEC-2025-0004.html' },
    ],
  },
  {
    id: 'RUSTSEC-2025-0022',
    modified: '2025-04-05T00:00:00Z',
    published: '2025-04-04T12:00:00Z',
    aliases: [],
    summary: 'Use-After-Free in `Md::fetch` and `Cipher::fetch`',
    details:
      'When a `Some(...)` value was passed to the `properties` argument of either of these functions, a use-after-free would result.',
    affected: [
      {
        package: { ecosystem: 'crates.io', name: 'openssl', purl: 'pkg:cargo/openssl' },
        ranges: [range('SEMVER', { introduced: '0.10.39' }, { fixed: '0.10.72' })],
        database_specific: { categories: ['memory-corruption'], cvss: null, informational: null },
      },
    ],
    references: [
      { type: 'PACKAGE', url: 'https://crates.io/crates/openssl' },
      { type: 'ADVISORY', url: 'https://rustsec.org/advisories/RUSTSEC-2025-0022.html' },
    ],
  },
];
