// `npm run bench -- audit`: `depgate audit` over a generated deployment of 1,000,000 dependencies in
// 10,000 repositories, with deny rules that match about 5% of them. The audit runs as users run it (the
// bundled CLI, a child process, over loopback HTTP to the emulator in this process); its peak memory is
// its own. Reference: a bare loop that asks the same listing for the same pages (fetch, JSON.parse,
// follow the cursor, nothing kept), measured in the same run. Then the same rules with `vulnerabilities:`
// (OSV from the emulator): the whole listing is read once and every distinct package version asked of
// OSV once, 1,000 a request; the requests are compared with the fewest possible, counted from the
// dataset (listing pages, batches) and from the emulator's log (the pages OSV split answers into, one
// request per distinct advisory). Last, the same rules with an allowed-license list, which no filter can
// ask for: the whole listing read once and every record judged.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditReport } from '../../src/audit/index.js';
import { packageKey, parseEcosystem } from '../../src/domain/index.js';
import { generateDataset } from '../../src/emulator/generate.js';
import { licenseVerdict } from '../../src/policy/index.js';
import { createEmulator, type RequestLogEntry } from '../../src/emulator/handler.js';
import { SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startServer } from '../../src/emulator/server.js';
import { BIN as COMMITTED_BIN } from '../helpers/cli.js';
import { median, printTable } from './measure.js';

// The committed bundle by default; BENCH_AUDIT_BIN runs another build (e.g. `ncc build src/cli/bin.ts -o /tmp/cli`
// then BENCH_AUDIT_BIN=/tmp/cli/index.js) to measure a change before dist/ is rebuilt.
const BIN =
  process.env.BENCH_AUDIT_BIN === undefined || process.env.BENCH_AUDIT_BIN === ''
    ? COMMITTED_BIN
    : process.env.BENCH_AUDIT_BIN;
const REPOSITORIES = Number(process.env.BENCH_REPOSITORIES ?? 10_000);
const PER_REPOSITORY = 100;
const SHARE = 0.05;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 3);

const dataset = generateDataset({
  repositories: REPOSITORIES,
  dependenciesPerRepository: PER_REPOSITORY,
  seed: 42,
});
const total = dataset.dependencies.length;
// Deny the most used names until about 5% of all dependencies match.
const counts = new Map<string, number>();
for (const d of dataset.dependencies) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
const denied: string[] = [];
let matches = 0;
for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1])) {
  if (matches >= SHARE * total) break;
  denied.push(name);
  matches += n;
}
// The listing leaves archived repositories out (includeArchived defaults to false), as the audit does.
const archived = new Set(dataset.repositories.filter((r) => r.archived).map((r) => r.id));
const deniedSet = new Set(denied);
const listed = dataset.dependencies.filter(
  (d) => deniedSet.has(d.name) && !archived.has(d.repositoryId),
).length;
const dir = mkdtempSync(join(tmpdir(), 'depgate-audit-bench-'));
const policyPath = join(dir, 'policy.yml');
writeFileSync(
  policyPath,
  `deny:\n${denied.map((n) => `  - name: ${n}\n    exactNameMatch: true\n    reason: bench`).join('\n')}\n`,
);
const vulnPolicyPath = join(dir, 'policy-vulnerabilities.yml');
writeFileSync(
  vulnPolicyPath,
  `deny:\n${denied.map((n) => `  - name: ${n}\n    exactNameMatch: true\n    reason: bench`).join('\n')}\nvulnerabilities:\n  failOn: high\n  sources: [osv]\n`,
);
const ALLOWED = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC'];
const allowPolicyPath = join(dir, 'policy-allow.yml');
writeFileSync(
  allowPolicyPath,
  `deny:\n${denied.map((n) => `  - name: ${n}\n    exactNameMatch: true\n    reason: bench`).join('\n')}\nlicenses:\n  allow: [${ALLOWED.join(', ')}]\n`,
);
// The distinct package versions OSV can be asked about (archived repositories are not listed).
const listedAll = dataset.dependencies.filter((d) => !archived.has(d.repositoryId));
const distinctVersions = new Set(
  listedAll.flatMap((d) => {
    const ecosystem = parseEcosystem(d.ecosystem);
    return ecosystem === undefined || ecosystem === 'cocoapods'
      ? []
      : [`${ecosystem}\u0000${packageKey(ecosystem, d.name)}\u0000${d.version}`];
  }),
).size;
const log: RequestLogEntry[] = [];
const emulator = createEmulator({ dataset, log, logLimit: 1_000_000 });
const server = await startServer(emulator.handle);

// Probe in the child: its own peak resident memory, written to stderr as it exits.
const PROBE =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>writeSync(2,`\\nmaxrss_kb=${process.resourceUsage().maxRSS}\\n`));';

async function auditOnce(
  policy = policyPath,
  osv = false,
): Promise<{
  ms: number;
  rssMb: number;
  requests: number;
  minimum: number;
  violations: number;
}> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      PROBE,
      BIN,
      'audit',
      '--policy',
      policy,
      '--format',
      'json',
      '--output',
      join(dir, 'report.json'),
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        DEPGATE_API_URL: server.url,
        DEPGATE_API_TOKEN: SEED_TOKENS.api,
        ...(osv ? { DEPGATE_OSV_URL: server.url } : {}),
        ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - started;
  if (code !== 1) throw new Error(`audit exited ${code}: ${stderr}`);
  const m = /(\d[\d,]*) violations?.*?, ([\d,]+) requests? \(minimum (\d+)\)/.exec(stderr);
  const rss = /maxrss_kb=(\d+)/.exec(stderr);
  if (!m || !rss) throw new Error(`unexpected output: ${stderr}`);
  const num = (s: string) => Number(s.replace(/,/g, ''));
  return {
    ms,
    rssMb: Number(rss[1]) / 1024,
    requests: num(m[2]!),
    minimum: num(m[3]!),
    violations: num(m[1]!),
  };
}

async function bareOnce(): Promise<number> {
  const started = performance.now();
  const url = `${server.url}/api/v1/deployments/${SEED_DEPLOYMENT.id}/dependencies`;
  const filter = { packageFilters: denied.map((name) => ({ name, exactNameMatch: true })) };
  let cursor: string | undefined;
  let seen = 0;
  do {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${SEED_TOKENS.api}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dependencyFilter: filter, pageSize: 10_000, ...(cursor ? { cursor } : {}) }),
    });
    const body = (await res.json()) as { dependencies: unknown[]; cursor?: string; hasMore?: boolean };
    seen += body.dependencies.length;
    cursor = body.hasMore ? body.cursor : undefined;
  } while (cursor !== undefined);
  if (seen !== listed) throw new Error(`bare loop saw ${seen}, expected ${listed}`);
  return performance.now() - started;
}

await bareOnce();
const audits: Awaited<ReturnType<typeof auditOnce>>[] = [];
const bares: number[] = [];
for (let i = 0; i < ITERATIONS; i++) {
  bares.push(await bareOnce());
  audits.push(await auditOnce());
}
const a = audits.sort((x, y) => x.ms - y.ms)[audits.length >> 1]!;
const bare = median(bares);
const repositoryPages = Math.ceil((REPOSITORIES + 4) / 100);
const minimum = Math.ceil(listed / 10_000) + repositoryPages;
console.log(
  `audit: ${total.toLocaleString('en-US')} dependencies in ${REPOSITORIES.toLocaleString('en-US')} repositories, ${denied.length} deny rules matching ${matches.toLocaleString('en-US')} (${((matches / total) * 100).toFixed(1)}%), median of ${ITERATIONS}`,
);
printTable(
  ['measure', 'value', 'reference'],
  [
    [
      'wall time (child process, start to exit)',
      `${(a.ms / 1000).toFixed(2)} s`,
      `bare listing loop ${(bare / 1000).toFixed(2)} s (${(a.ms / bare).toFixed(2)}x)`,
    ],
    ['peak RSS of the audit', `${a.rssMb.toFixed(0)} MB`, 'aim <= 200 MB'],
    [
      'requests',
      String(a.requests),
      `minimum ${minimum} (ceil(${listed} / 10,000) + ${repositoryPages} repository pages); audit says ${a.minimum}`,
    ],
    [
      'violations found',
      a.violations.toLocaleString('en-US'),
      `expected ${listed.toLocaleString('en-US')} (archived repositories are not listed)`,
    ],
    [
      'dependencies per second',
      Math.round(listed / (a.ms / 1000)).toLocaleString('en-US'),
      'matching records streamed',
    ],
  ],
);

// With vulnerabilities: the whole listing, every distinct version asked of OSV once.
const withVulns: Awaited<ReturnType<typeof auditOnce>>[] = [];
let osvLog = { batches: 0, records: 0, distinctRecords: 0 };
let vulnerabilities: AuditReport['vulnerabilities'];
for (let i = 0; i < ITERATIONS; i++) {
  log.length = 0;
  withVulns.push(await auditOnce(vulnPolicyPath, true));
  const records = log.filter((r) => r.path.startsWith('/v1/vulns/')).map((r) => r.path);
  osvLog = {
    batches: log.filter((r) => r.path === '/v1/querybatch').length,
    records: records.length,
    distinctRecords: new Set(records).size,
  };
  vulnerabilities = (JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as AuditReport)
    .vulnerabilities;
}
const v = withVulns.sort((x, y) => x.ms - y.ms)[withVulns.length >> 1]!;
const listingPages = Math.ceil(listedAll.length / 10_000);
const batches = Math.ceil(distinctVersions / 1000);
const fewest = listingPages + repositoryPages + batches + (osvLog.batches - batches) + osvLog.distinctRecords;
console.log(
  `\naudit with vulnerabilities (OSV): the same rules, ${listedAll.length.toLocaleString('en-US')} listed dependencies, ${distinctVersions.toLocaleString('en-US')} distinct package versions, median of ${ITERATIONS}`,
);
printTable(
  ['measure', 'value', 'reference'],
  [
    [
      'wall time (child process, start to exit)',
      `${(v.ms / 1000).toFixed(2)} s`,
      `without vulnerabilities ${(a.ms / 1000).toFixed(2)} s (${(v.ms / a.ms).toFixed(2)}x)`,
    ],
    ['peak RSS of the audit', `${v.rssMb.toFixed(0)} MB`, `without vulnerabilities ${a.rssMb.toFixed(0)} MB`],
    [
      'requests',
      String(v.requests),
      `fewest ${fewest} = ${listingPages} listing pages + ${repositoryPages} repository pages + ${batches} OSV batches (ceil(${distinctVersions} / 1,000)) + ${osvLog.batches - batches} OSV answer pages + ${osvLog.distinctRecords} advisory records; audit says minimum ${v.minimum}`,
    ],
    [
      'OSV requests',
      `${osvLog.batches} querybatch + ${osvLog.records} records`,
      `${osvLog.distinctRecords} distinct records (each fetched once: ${osvLog.records === osvLog.distinctRecords}); ${vulnerabilities?.lookups ?? '?'} lookups, ${vulnerabilities?.queried.toLocaleString('en-US') ?? '?'} versions asked`,
    ],
    [
      'findings',
      v.violations.toLocaleString('en-US'),
      `${vulnerabilities?.vulnerable ?? '?'} vulnerable versions`,
    ],
  ],
);
// With an allowed-license list: the whole listing, every record judged for its license too.
const allowPolicy = { allow: ALLOWED, unknown: 'ignore' as const };
const outsideAllowed = listedAll.filter(
  (d) => licenseVerdict(d.licenses, allowPolicy).status === 'denied',
).length;
const withAllow: Awaited<ReturnType<typeof auditOnce>>[] = [];
for (let i = 0; i < ITERATIONS; i++) withAllow.push(await auditOnce(allowPolicyPath));
const l = withAllow.sort((x, y) => x.ms - y.ms)[withAllow.length >> 1]!;
console.log(
  `\naudit with licenses.allow [${ALLOWED.join(', ')}]: the same rules, ${listedAll.length.toLocaleString('en-US')} listed dependencies, median of ${ITERATIONS}`,
);
printTable(
  ['measure', 'value', 'reference'],
  [
    [
      'wall time (child process, start to exit)',
      `${(l.ms / 1000).toFixed(2)} s`,
      `deny rules alone ${(a.ms / 1000).toFixed(2)} s (${(l.ms / a.ms).toFixed(2)}x)`,
    ],
    ['peak RSS of the audit', `${l.rssMb.toFixed(0)} MB`, `deny rules alone ${a.rssMb.toFixed(0)} MB`],
    [
      'requests',
      String(l.requests),
      `fewest ${listingPages + repositoryPages} = ${listingPages} listing pages + ${repositoryPages} repository pages; audit says minimum ${l.minimum}`,
    ],
    [
      'violations found',
      l.violations.toLocaleString('en-US'),
      `expected ${(listed + outsideAllowed).toLocaleString('en-US')} (${listed.toLocaleString('en-US')} denied + ${outsideAllowed.toLocaleString('en-US')} outside the list)`,
    ],
  ],
);
await server.close();
rmSync(dir, { recursive: true, force: true });
