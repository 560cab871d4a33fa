import type { Ecosystem } from '../domain/index.js';
import { packageId } from '../domain/index.js';
import { affects, ecosystemOfOsv, readOsvRecord, type OsvRecord } from '../vulns/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { isObject, jsonResponse, readJsonBody } from './http.js';
import { OSV_SEED_RECORDS } from './osv-seed.js';
import type { Route } from './routes.js';

/** OSV's documented limit of queries in one batch. */
const BATCH_LIMIT = 1000;

/** The emulator's OSV database: records as served, and how many ids one page of a query holds. */
export interface OsvDatabaseOptions {
  /** OSV records (JSON objects); default the seeded real advisories (osv-seed.ts). */
  records?: readonly unknown[];
  /** Ids per page of one query; default 2, small so that clients must follow `next_page_token`. */
  pageSize?: number;
}

/**
 * OSV's errors are gRPC-gateway statuses: `{"code": 3, "message": "..."}` with the HTTP status of the
 * code (3 INVALID_ARGUMENT -> 400, 5 NOT_FOUND -> 404).
 */
class OsvStatus extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
  toResponse(): Response {
    return jsonResponse(this.status, { code: this.status === 404 ? 5 : 3, message: this.message });
  }
}

interface Indexed {
  raw: Record<string, unknown>;
  record: OsvRecord;
}

/**
 * `POST /v1/querybatch` and `GET /v1/vulns/{id}` over a fixed set of records, in OSV's wire format
 * (https://google.github.io/osv.dev/api/): results in query order, `{}` for a query with no advisory,
 * `vulns: [{id, modified}]` otherwise, paged per query with `next_page_token` (sent back as the query's
 * `page_token`). No authentication, as OSV's public API has none.
 */
export function createOsvRoutes(options: OsvDatabaseOptions = {}): Route[] {
  const records = options.records ?? OSV_SEED_RECORDS;
  const pageSize = Math.max(1, options.pageSize ?? 2);
  const byId = new Map<string, Indexed>();
  const byPackage = new Map<string, Indexed[]>();
  records.forEach((raw, i) => {
    const record = readOsvRecord(raw, `OSV seed record ${i}`);
    const entry = { raw: raw as Record<string, unknown>, record };
    byId.set(record.id, entry);
    const keys = new Set<string>();
    for (const affected of record.affected) {
      const ecosystem = affected.package && ecosystemOfOsv(affected.package.ecosystem);
      if (ecosystem === undefined || affected.package === undefined) continue;
      keys.add(packageId({ ecosystem, name: affected.package.name }));
    }
    for (const key of keys) byPackage.set(key, [...(byPackage.get(key) ?? []), entry]);
  });

  const run = async (handler: () => Promise<Response>): Promise<Response> => {
    try {
      return await handler();
    } catch (error) {
      if (error instanceof OsvStatus) return error.toResponse();
      throw error;
    }
  };

  function matches(ecosystem: Ecosystem, name: string, version: string): Indexed[] {
    const candidates = byPackage.get(packageId({ ecosystem, name })) ?? [];
    return candidates
      .filter((c) => affects(c.record, ecosystem, name, version))
      .sort((a, b) => a.record.id.localeCompare(b.record.id));
  }

  return [
    {
      methods: ['POST'],
      pattern: /^\/v1\/querybatch$/,
      run: (request) =>
        run(async () => {
          const body = await readJsonBody(request);
          if (!isObject(body) || !Array.isArray(body.queries))
            throw new OsvStatus(400, 'queries must be a list of queries');
          if (body.queries.length > BATCH_LIMIT)
            throw new OsvStatus(400, `Too many queries: at most ${BATCH_LIMIT} per batch`);
          const results = body.queries.map((query: unknown, i) => {
            const where = `queries[${i}]`;
            if (!isObject(query) || !isObject(query.package))
              throw new OsvStatus(400, `${where}: a package query needs package.name and package.ecosystem`);
            const { name, ecosystem: osvName } = query.package;
            const version = query.version;
            if (typeof name !== 'string' || name === '' || typeof osvName !== 'string' || osvName === '')
              throw new OsvStatus(400, `${where}: a package query needs package.name and package.ecosystem`);
            if (version !== undefined && typeof version !== 'string')
              throw new OsvStatus(400, `${where}: version must be a string`);
            const token = query.page_token;
            if (token !== undefined && typeof token !== 'string')
              throw new OsvStatus(400, `${where}: page_token must be a string`);
            const ecosystem = ecosystemOfOsv(osvName);
            // An ecosystem OSV has that the emulator does not hold (Debian, Alpine...) has no advisory here.
            if (ecosystem === undefined || version === undefined || version === '') return {};
            const key = `${osvName}\u0000${name}\u0000${version}`;
            let start = 0;
            if (token !== undefined && token !== '') {
              const decoded = decodeCursor(token, key);
              if (!decoded.ok) throw new OsvStatus(400, `${where}: invalid page_token (${decoded.reason})`);
              start = decoded.position;
            }
            const all = matches(ecosystem, name, version);
            if (start > all.length) throw new OsvStatus(400, `${where}: invalid page_token`);
            const page = all.slice(start, start + pageSize);
            if (page.length === 0) return {};
            const end = start + page.length;
            return {
              vulns: page.map((m) => ({ id: m.record.id, modified: m.record.modified ?? '' })),
              ...(end < all.length ? { next_page_token: encodeCursor(end, key) } : {}),
            };
          });
          return jsonResponse(200, { results });
        }),
    },
    {
      methods: ['GET'],
      pattern: /^\/v1\/vulns\/([^/]+)$/,
      run: (_request, [rawId]) =>
        run(async () => {
          let id: string;
          try {
            id = decodeURIComponent(rawId ?? '');
          } catch {
            throw new OsvStatus(400, 'id is not valid percent-encoding');
          }
          const entry = byId.get(id);
          if (entry === undefined) throw new OsvStatus(404, 'Bug not found.');
          return jsonResponse(200, entry.raw);
        }),
    },
  ];
}
