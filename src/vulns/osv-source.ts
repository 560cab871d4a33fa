import {
  ApiError,
  createRequester,
  redactSecrets,
  DEFAULT_RETRY,
  defaultTransport,
  type ServiceRequestOptions,
} from '../core/index.js';
import { mergeAdvisories } from './merge-advisories.js';
import { runPool } from './run-pool.js';
import { osvEcosystem, osvPackageName } from './osv-ecosystem.js';
import { OsvRecordError, readOsvRecord, type OsvRecord } from './osv-record.js';
import { queryKey, withRequests, type AdvisorySource, type PackageQuery, type VulnLookup } from './types.js';
import { VERSION } from '../version.js';

export const OSV_DEFAULT_URL = 'https://api.osv.dev';
/** OSV's documented limit of queries in one `POST /v1/querybatch`. */
export const OSV_BATCH_LIMIT = 1000;

export interface OsvSourceOptions extends ServiceRequestOptions {
  /** OSV's API root; default https://api.osv.dev (a mirror or the emulator: `http://127.0.0.1:8080`). */
  url?: string;
  /** Queries per batch request, at most 1,000 (OSV's limit); smaller only to test batching. */
  batchSize?: number;
  /** `GET /v1/vulns/{id}` requests in flight at once; default 6. */
  concurrency?: number;
  /** Pages one query may take before the lookup stops as a paging loop; default 100. */
  pageCap?: number;
}

const HINTS = {
  auth: 'OSV refused the request; check the OSV URL and any proxy in between',
  'not-found': 'check the OSV URL: it should be the API root, such as https://api.osv.dev',
  'rate-limited': 'OSV is rate limiting these requests; retry later',
  server: 'OSV had an internal error; retry later',
  'bad-request': 'OSV refused the query as malformed',
  'bad-response':
    'OSV answered with data of an unexpected shape; check the OSV URL points at an OSV API (https://api.osv.dev)',
  network: 'could not reach OSV; check the OSV URL and the network (or use an offline OSV database)',
  timeout: 'OSV did not answer in time; retry later or raise the timeout',
  pagination:
    'OSV kept paginating a query past the page cap or repeated a page token; the lookup was stopped',
} as const;

interface WireQuery {
  package: { name: string; ecosystem: string };
  version: string;
  page_token?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Advisories from OSV's API (https://google.github.io/osv.dev/api/): `POST /v1/querybatch` with up to
 * 1,000 queries a request, each query's further pages by its `next_page_token` (only those are asked
 * again), then `GET /v1/vulns/{id}` once per distinct id for the record. Retries 429/5xx with
 * Retry-After; every failure is an ApiError naming the URL; never an empty answer in place of an error.
 */
export function osvSource(options: OsvSourceOptions = {}): AdvisorySource {
  const baseUrl = (options.url ?? OSV_DEFAULT_URL).replace(/\/+$/, '');
  // How the URL is shown (label, errors): a mirror's `user:password@` or `?key=` never is.
  const shownUrl = redactSecrets(baseUrl, []);
  const batchSize = Math.max(1, Math.min(OSV_BATCH_LIMIT, options.batchSize ?? OSV_BATCH_LIMIT));
  const concurrency = Math.max(1, options.concurrency ?? 6);
  const pageCap = options.pageCap ?? 100;
  // Records already fetched, for the life of the source: a caller that looks up in several batches
  // (the audit streams the organization's listing) fetches each advisory once.
  const known = new Map<string, OsvRecord>();

  return {
    label: `osv (${shownUrl})`,
    async lookup(queries, signal) {
      const made = { requests: 0 };
      try {
        return await lookupOnce(queries, signal, made);
      } catch (error) {
        // The report counts what a failed lookup asked too.
        throw withRequests(error, made.requests);
      }
    },
  };

  async function lookupOnce(
    queries: readonly PackageQuery[],
    signal: AbortSignal | undefined,
    made: { requests: number },
  ): Promise<VulnLookup> {
    const request = createRequester({
      baseUrl,
      token: '',
      transport: options.fetch ?? defaultTransport,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      timeoutMs: options.timeoutMs ?? 30_000,
      deadlineMs: options.deadlineMs ?? 120_000,
      userAgent: `depgate/${VERSION}`,
      hints: HINTS,
      fullUrlInErrors: true,
      onRequest: (entry) => {
        made.requests++;
        options.onRequest?.(entry);
      },
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(signal === undefined ? {} : { signal }),
    });
    const shapeError = (method: string, path: string, message: string, field?: string) =>
      new ApiError(message, {
        kind: 'bad-response',
        method,
        path: `${shownUrl}${path}`,
        hint: HINTS['bad-response'],
        ...(field === undefined ? {} : { field }),
      });

    // One wire query per distinct (OSV ecosystem, OSV name, version); the callers' queries map onto them.
    const unsupported: PackageQuery[] = [];
    const wire: WireQuery[] = [];
    const wireIndex = new Map<string, number>();
    const asked: { query: PackageQuery; wire: number }[] = [];
    for (const query of queries) {
      const ecosystem = osvEcosystem(query.ecosystem);
      if (ecosystem === undefined) {
        unsupported.push(query);
        continue;
      }
      const name = osvPackageName(query.ecosystem, query.name);
      const key = `${ecosystem}\u0000${name}\u0000${query.version}`;
      let index = wireIndex.get(key);
      if (index === undefined) {
        index = wire.length;
        wire.push({ package: { name, ecosystem }, version: query.version });
        wireIndex.set(key, index);
      }
      asked.push({ query, wire: index });
    }

    // Ids per wire query, page after page.
    const ids: string[][] = wire.map(() => []);
    const pages = new Map<number, number>();
    // The fewest requests the same answers could take: full batches, the extra pages, one per record.
    let fewest = 0;
    const seenTokens = new Map<number, Set<string>>();
    async function askIds(indices: readonly number[]): Promise<void> {
      fewest += Math.ceil(indices.length / OSV_BATCH_LIMIT);
      let pending: { index: number; token?: string }[] = indices.map((index) => ({ index }));
      while (pending.length > 0) {
        const next: { index: number; token: string }[] = [];
        const chunks: (typeof pending)[] = [];
        for (let start = 0; start < pending.length; start += batchSize)
          chunks.push(pending.slice(start, start + batchSize));
        // A few batches in flight at once, as for the records: each is independent of the others.
        await runPool(chunks, concurrency, async (chunk) => {
          const body = {
            queries: chunk.map(({ index, token }) => ({
              ...wire[index]!,
              ...(token === undefined ? {} : { page_token: token }),
            })),
          };
          const answer = await request({ method: 'POST', path: '/v1/querybatch', body });
          if (!isObj(answer) || !Array.isArray(answer.results))
            throw shapeError('POST', '/v1/querybatch', 'the answer has no results array', 'results');
          if (answer.results.length !== chunk.length)
            throw shapeError(
              'POST',
              '/v1/querybatch',
              `${chunk.length} queries were sent but ${answer.results.length} results came back`,
              'results',
            );
          answer.results.forEach((result: unknown, i) => {
            const { index } = chunk[i]!;
            const field = `results[${i}]`;
            if (!isObj(result))
              throw shapeError('POST', '/v1/querybatch', `${field} is not an object`, field);
            const vulns = result.vulns ?? [];
            if (!Array.isArray(vulns))
              throw shapeError('POST', '/v1/querybatch', `${field}.vulns is not an array`, `${field}.vulns`);
            vulns.forEach((vuln: unknown, j) => {
              const id = isObj(vuln) ? vuln.id : undefined;
              if (typeof id !== 'string' || id === '' || id.length > 200)
                throw shapeError(
                  'POST',
                  '/v1/querybatch',
                  `${field}.vulns[${j}].id is not an advisory id`,
                  `${field}.vulns[${j}].id`,
                );
              ids[index]!.push(id);
            });
            const token = result.next_page_token;
            if (token === undefined || token === null || token === '') return;
            if (typeof token !== 'string')
              throw shapeError('POST', '/v1/querybatch', `${field}.next_page_token is not a string`);
            const count = (pages.get(index) ?? 1) + 1;
            pages.set(index, count);
            const seen = seenTokens.get(index) ?? new Set<string>();
            if (seen.has(token) || count > pageCap)
              throw new ApiError(
                seen.has(token)
                  ? `the page token of ${describe(wire[index]!)} came back twice`
                  : `${describe(wire[index]!)} took more than ${pageCap} pages`,
                {
                  kind: 'pagination',
                  method: 'POST',
                  path: `${shownUrl}/v1/querybatch`,
                  hint: HINTS.pagination,
                },
              );
            seen.add(token);
            seenTokens.set(index, seen);
            next.push({ index, token });
          });
        });
        next.sort((a, b) => a.index - b.index);
        if (next.length > 0) fewest += Math.ceil(next.length / OSV_BATCH_LIMIT);
        pending = next;
      }
    }
    await askIds(wire.map((_, index) => index));

    // Each distinct record once, a few at a time.
    const records = new Map<string, OsvRecord>();
    async function fetchRecords(list: readonly string[]): Promise<void> {
      const distinct = [...new Set(list)].filter((id) => !records.has(id));
      for (const id of distinct) {
        const record = known.get(id);
        if (record !== undefined) records.set(id, record);
      }
      const missing = distinct.filter((id) => !records.has(id));
      fewest += missing.length;
      await runPool(missing, concurrency, async (id) => {
        const path = `/v1/vulns/${encodeURIComponent(id)}`;
        const answer = await request({ method: 'GET', path });
        try {
          const record = readOsvRecord(answer, 'the record');
          if (record.id !== id) throw new OsvRecordError(`asked for ${id} but the record is ${record.id}`);
          records.set(id, record);
          known.set(id, record);
        } catch (error) {
          if (error instanceof OsvRecordError) throw shapeError('GET', path, error.message);
          throw error;
        }
      });
    }
    await fetchRecords(ids.flat());

    // A withdrawn record affects nothing (OSV.dev leaves them out of query answers; a mirror may not).
    const notices = new Set<string>();
    const live = (id: string): OsvRecord | undefined => {
      const record = records.get(id);
      if (record?.withdrawn === undefined) return record;
      notices.add(`${id} was withdrawn on ${record.withdrawn}: left out`);
      return undefined;
    };
    const packageOf = (index: number) =>
      `${wire[index]!.package.ecosystem}\u0000${wire[index]!.package.name}`;
    const warnings = new Set<string>();
    const warn = (message: string) => warnings.add(message);
    let found: VulnLookup['found'] = new Map();
    const judge = () => {
      // Every record OSV returned in this lookup for a package, whichever of its versions was asked
      // (a suggested fix's too): the fix is checked against all of them.
      const byPackage = new Map<string, Set<OsvRecord>>();
      wire.forEach((_, index) => {
        const set = byPackage.get(packageOf(index)) ?? new Set<OsvRecord>();
        for (const id of ids[index]!) {
          const record = live(id);
          if (record !== undefined) set.add(record);
        }
        byPackage.set(packageOf(index), set);
      });
      found = new Map();
      for (const { query, wire: index } of asked) {
        const recordsOfQuery = [...new Set(ids[index])]
          .map(live)
          .filter((record): record is OsvRecord => record !== undefined);
        const merged = mergeAdvisories(recordsOfQuery, query.ecosystem, query.name, query.version, {
          known: [...(byPackage.get(packageOf(index)) ?? [])],
          warn,
        });
        if (merged !== undefined) found.set(queryKey(query), merged);
      }
    };
    judge();
    // A suggested fix is asked about too: an advisory that affects it but none of the versions asked
    // is only known once OSV is asked about the fix itself (npm's audit tests every published version).
    // Each round asks the fixes not asked yet, in batches; a few rounds at most.
    for (let round = 0; round < 3; round++) {
      const fresh: number[] = [];
      for (const { query, wire: index } of asked) {
        const fix = found.get(queryKey(query))?.fix;
        if (fix === undefined) continue;
        const { ecosystem, name } = wire[index]!.package;
        const key = `${ecosystem}\u0000${name}\u0000${fix}`;
        if (wireIndex.has(key)) continue;
        wireIndex.set(key, wire.length);
        fresh.push(wire.length);
        wire.push({ package: { name, ecosystem }, version: fix });
        ids.push([]);
      }
      if (fresh.length === 0) break;
      await askIds(fresh);
      await fetchRecords(fresh.flatMap((index) => ids[index]!));
      judge();
    }
    const minimumRequests = fewest;
    return {
      found,
      requests: made.requests,
      unsupported,
      minimumRequests,
      ...(warnings.size === 0 ? {} : { warnings: [...warnings] }),
      ...(notices.size === 0 ? {} : { notices: [...notices] }),
    };
  }
}

function describe(query: WireQuery): string {
  return `${query.package.ecosystem} ${query.package.name}@${query.version}`;
}
