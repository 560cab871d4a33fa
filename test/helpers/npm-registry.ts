import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

// A loopback npm registry for `npm audit`: the two endpoints npm 11's audit reads (arborist's
// audit-report.js and @npmcli/metavuln-calculator), speaking the public registry's wire formats.
//
// - `POST /-/npm/v1/security/advisories/bulk`: the body is `{ "<name>": ["<version>", ...] }`, which
//   npm-registry-fetch sends gzipped (`Content-Encoding: gzip`); the answer is
//   `{ "<name>": [{ id, url, title, severity, vulnerable_versions, cwe, cvss }] }`. npm reads `id`,
//   `url`, `title`, `severity` (missing means `high`), `vulnerable_versions` (missing means `*`), and
//   passes `cwe` and `cvss` through to its report.
// - `GET /<name>` (a scoped name as `@scope%2fname`): the packument npm takes the published versions
//   from. A name without one answers 404, which npm takes as a package from outside the registry.

/** One advisory of the bulk endpoint's answer, for one package. */
export interface BulkAdvisory {
  id: number;
  url: string;
  title: string;
  severity: 'low' | 'moderate' | 'high' | 'critical';
  vulnerable_versions: string;
  cwe: string[];
  cvss: { score: number; vectorString: string | null };
}

type OsvEvent = { introduced?: string; fixed?: string; last_affected?: string; limit?: string };
interface OsvAffected {
  package?: { ecosystem?: string; name?: string };
  ranges?: { type?: string; events?: OsvEvent[] }[];
}

/**
 * The range GitHub's advisory API gives a vulnerability (`vulnerable_version_range`) in the form the
 * bulk endpoint serves it (`>=3.7.0 <4.17.19`), from the OSV events GitHub exports: each `introduced`
 * opens an interval (`0` opens it at the start) that the next `fixed` (`<`) or `last_affected` (`<=`)
 * closes; intervals and ranges are joined with `||`.
 */
export function vulnerableVersions(affected: OsvAffected): string {
  const intervals: string[] = [];
  for (const range of affected.ranges ?? []) {
    if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') continue;
    let open: string | undefined;
    for (const event of range.events ?? []) {
      if (event.introduced !== undefined) {
        if (open !== undefined) intervals.push(open || '*');
        open = event.introduced === '0' ? '' : `>=${event.introduced}`;
      } else if (event.fixed !== undefined || event.last_affected !== undefined) {
        const end = event.fixed !== undefined ? `<${event.fixed}` : `<=${event.last_affected!}`;
        intervals.push(open ? `${open} ${end}` : end);
        open = undefined;
      }
    }
    if (open !== undefined) intervals.push(open || '*');
  }
  return intervals.join(' || ');
}

/**
 * What the bulk endpoint knows, by package name, from GitHub-reviewed OSV records of npm packages:
 * one advisory per affected entry, as GitHub's database holds one vulnerability per entry. The ids
 * are numbered in the order given (the real endpoint's are GitHub's internal numbers); the url names
 * the GHSA, which is how a comparison finds the record again.
 */
export function bulkAdvisories(records: readonly Record<string, unknown>[]): Map<string, BulkAdvisory[]> {
  const byName = new Map<string, BulkAdvisory[]>();
  let id = 1_000_000;
  for (const record of records) {
    const ghsa = String(record.id);
    if (!ghsa.startsWith('GHSA-') || record.withdrawn !== undefined) continue;
    const specific = (record.database_specific ?? {}) as { severity?: string; cwe_ids?: string[] };
    const severity = specific.severity?.toLowerCase();
    const vector = ((record.severity ?? []) as { type: string; score: string }[]).find((s) =>
      s.type.startsWith('CVSS_V3'),
    );
    for (const affected of (record.affected ?? []) as OsvAffected[]) {
      const name = affected.package?.name;
      if (affected.package?.ecosystem !== 'npm' || name === undefined) continue;
      const advisory: BulkAdvisory = {
        id: id++,
        url: `https://github.com/advisories/${ghsa}`,
        title: typeof record.summary === 'string' ? record.summary : ghsa,
        severity: (severity ?? 'high') as BulkAdvisory['severity'],
        vulnerable_versions: vulnerableVersions(affected),
        cwe: specific.cwe_ids ?? [],
        // npm passes the score through to its report and judges nothing by it.
        cvss: { score: 0, vectorString: vector?.score ?? null },
      };
      byName.set(name, [...(byName.get(name) ?? []), advisory]);
    }
  }
  return byName;
}

export interface NpmRegistry {
  url: string;
  /** Every request, as `METHOD /path`, and each bulk request's body (decoded). */
  requests: string[];
  bulkBodies: Record<string, string[]>[];
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Starts the registry on 127.0.0.1 (a free port): the bulk advisories given, and the packuments kept in
 * `packuments` as `<name>.json` (a scoped name as `@scope+name.json`).
 */
export async function startNpmRegistry(
  advisories: Map<string, BulkAdvisory[]>,
  packuments: string,
): Promise<NpmRegistry> {
  const requests: string[] = [];
  const bulkBodies: Record<string, string[]>[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(`${req.method ?? ''} ${path}`);
    if (req.method === 'POST' && path === '/-/npm/v1/security/advisories/bulk') {
      readBody(req)
        .then((raw) => {
          const gzipped = req.headers['content-encoding'] === 'gzip';
          const asked = JSON.parse((gzipped ? gunzipSync(raw) : raw).toString('utf8')) as Record<
            string,
            string[]
          >;
          bulkBodies.push(asked);
          const answer: Record<string, BulkAdvisory[]> = {};
          for (const name of Object.keys(asked)) {
            const known = advisories.get(name);
            if (known !== undefined) answer[name] = known;
          }
          send(res, 200, answer);
        })
        .catch((error: unknown) => send(res, 400, { error: String(error) }));
      return;
    }
    if (req.method === 'GET' && path.length > 1) {
      const name = decodeURIComponent(path.slice(1));
      const file = join(packuments, `${name.replace('/', '+')}.json`);
      if (!name.includes('..') && existsSync(file)) {
        send(res, 200, JSON.parse(readFileSync(file, 'utf8')));
        return;
      }
    }
    send(res, 404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    bulkBodies,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The folder of the npm on the PATH (`…/lib/node_modules/npm`) when it carries the audit engine the
 * comparison runs (@npmcli/arborist, @npmcli/metavuln-calculator), else undefined.
 */
export function npmWithArborist(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    const bin = join(dir, 'npm');
    if (dir === '' || !existsSync(bin)) continue;
    // bin/npm is a link to (or a shell script beside) lib/node_modules/npm/bin/npm-cli.js.
    const linked = dirname(dirname(realpathSync(bin)));
    for (const npm of [linked, join(dirname(dir), 'lib/node_modules/npm')]) {
      const engine = ['@npmcli/arborist', '@npmcli/metavuln-calculator'].every((m) =>
        existsSync(join(npm, 'node_modules', m, 'package.json')),
      );
      if (engine && existsSync(join(npm, 'bin/npm-cli.js'))) return npm;
    }
  }
  return undefined;
}
