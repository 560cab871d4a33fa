import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { OSV_SEED_RECORDS } from '../../src/emulator/osv-seed.js';
import { osvOfflineSource, queryKey, type PackageQuery } from '../../src/vulns/index.js';
import { writeUnpackedExport } from '../helpers/osv-db.js';
import { SEEDED, startOsvEmulator } from './support.js';

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'depgate-osv-'));
  roots.push(root);
  return root;
}

/** The seed's records of each OSV ecosystem, as OSV's export lays them out: one `<id>.json` each. */
function recordsByEcosystem(): Map<string, Record<string, unknown>[]> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const record of OSV_SEED_RECORDS) {
    const ecosystems = new Set(
      (record.affected as { package: { ecosystem: string } }[]).map((a) => a.package.ecosystem),
    );
    for (const e of ecosystems) out.set(e, [...(out.get(e) ?? []), record]);
  }
  return out;
}

/** `<root>/<Ecosystem>/all.zip` for every ecosystem of the seed, built with a real zip writer. */
async function zippedDatabase(): Promise<string> {
  const root = await tempDir();
  for (const [ecosystem, records] of recordsByEcosystem()) {
    await mkdir(join(root, ecosystem));
    const files = Object.fromEntries(
      records.map((r) => [`${String(r.id)}.json`, strToU8(JSON.stringify(r, null, 2))]),
    );
    await writeFile(join(root, ecosystem, 'all.zip'), zipSync(files));
  }
  return root;
}

const ALL: PackageQuery[] = [
  ...Object.values(SEEDED),
  { ecosystem: 'npm', name: 'lodash', version: '4.17.21' },
  { ecosystem: 'npm', name: 'flatmap-stream', version: '0.1.1' },
  { ecosystem: 'pypi', name: 'paramiko', version: '3.3.1' },
  { ecosystem: 'cargo', name: 'openssl', version: '0.10.38' },
];

describe('osvOfflineSource', async () => {
  const online = await startOsvEmulator();

  it('answers from all.zip exports exactly as the API answers from the same records', async () => {
    const dir = await zippedDatabase();
    const offline = await osvOfflineSource(dir).lookup(ALL);
    const api = await online.source().lookup(ALL);
    expect(offline.found).toEqual(api.found);
    expect(offline.found.get(queryKey(SEEDED.log4j))?.fix).toBe('2.17.0');
    expect(offline.found.get(queryKey(ALL[8]!))?.advisories.map((a) => [a.id, a.fixed])).toEqual([
      ['GHSA-mh6f-8j2x-4483', undefined],
    ]);
    expect(offline.found.get(queryKey(ALL[10]!))?.advisories.map((a) => a.id)).toEqual([
      'GHSA-rpmj-rpgj-qmpm',
    ]);
    // One zip read per ecosystem asked about: npm, PyPI, Go, Maven, crates.io.
    expect(offline.requests).toBe(5);
  });

  it('reads the unpacked *.json records of an export too, beside their listing', async () => {
    const root = await tempDir();
    for (const [ecosystem, records] of recordsByEcosystem())
      writeUnpackedExport(join(root, ecosystem), records);
    const result = await osvOfflineSource(root).lookup([SEEDED.pyyaml, SEEDED.minimist]);
    expect(result.found.get(queryKey(SEEDED.pyyaml))?.advisories.map((a) => [a.id, a.aliases])).toEqual([
      ['GHSA-8q59-q68h-6hv4', ['CVE-2020-14343', 'PYSEC-2021-142']],
    ]);
    expect(result.found.get(queryKey(SEEDED.minimist))?.fix).toBe('1.2.6');
    expect(result.requests).toBe(
      recordsByEcosystem().get('PyPI')!.length + recordsByEcosystem().get('npm')!.length,
    );
  });

  it('reads only the exports of the ecosystems asked about, and says CocoaPods has none', async () => {
    const dir = await zippedDatabase();
    const pod = { ecosystem: 'cocoapods', name: 'AFNetworking', version: '2.5.0' } as const;
    const result = await osvOfflineSource(dir).lookup([pod]);
    expect(result).toEqual({ found: new Map(), requests: 0, unsupported: [pod] });
  });

  it('fails when the folder does not exist, naming it', async () => {
    const missing = join(await tempDir(), 'nowhere');
    await expect(osvOfflineSource(missing).lookup([SEEDED.minimist])).rejects.toThrow(
      `${missing}: the offline OSV database folder does not exist`,
    );
  });

  it('fails when an ecosystem asked about has no export, rather than reporting it clean', async () => {
    const dir = await zippedDatabase();
    const gem = { ecosystem: 'gem', name: 'rails', version: '6.1.7' } as const;
    await expect(osvOfflineSource(dir).lookup([gem])).rejects.toThrow(
      `${join(dir, 'RubyGems')}: no RubyGems export here (expected ${join(dir, 'RubyGems', 'all.zip')}, or the *.json records unpacked from it with their listing)`,
    );
    await mkdir(join(dir, 'RubyGems'));
    await expect(osvOfflineSource(dir).lookup([gem])).rejects.toThrow(
      /RubyGems: nothing without all\.zip or a listing of the export/,
    );
  });

  it('fails on an unpacked folder that cannot show it is the whole export', async () => {
    const dir = await tempDir();
    const npm = recordsByEcosystem().get('npm')!;
    // One record, and no listing: a stray file, not an export.
    await mkdir(join(dir, 'npm'));
    await writeFile(join(dir, 'npm', `${String(npm[0]!.id)}.json`), JSON.stringify(npm[0]));
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      /npm: records without all\.zip or a listing of the export \(modified_id\.csv, or records\.txt from `unzip -Z1 all\.zip`\), so depgate cannot tell a complete npm export from a partial one/,
    );
    // The listing names a record that is not there.
    writeUnpackedExport(join(dir, 'npm'), npm);
    await rm(join(dir, 'npm', `${String(npm[1]!.id)}.json`));
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      `1 of the ${npm.length} records ${join(dir, 'npm', 'records.txt')} lists are missing (first: ${String(npm[1]!.id)}.json)`,
    );
  });

  it("reads OSV's own modified_id.csv as the listing, and ignores records it does not list", async () => {
    const dir = await tempDir();
    const npm = recordsByEcosystem().get('npm')!;
    writeUnpackedExport(join(dir, 'npm'), npm);
    await rm(join(dir, 'npm', 'records.txt'));
    await writeFile(
      join(dir, 'npm', 'modified_id.csv'),
      npm.map((r) => `2025-01-01T00:00:00Z,npm/${String(r.id)}\n`).join(''),
    );
    // A stray record of a package the export does not cover is not read.
    await writeFile(
      join(dir, 'npm', 'STRAY-1.json'),
      JSON.stringify({
        id: 'STRAY-1',
        affected: [{ package: { ecosystem: 'npm', name: 'left-pad' }, versions: ['1.3.0'] }],
      }),
    );
    const leftPad = { ecosystem: 'npm', name: 'left-pad', version: '1.3.0' } as const;
    const result = await osvOfflineSource(dir).lookup([SEEDED.minimist, leftPad]);
    expect(result.found.get(queryKey(SEEDED.minimist))?.fix).toBe('1.2.6');
    expect(result.found.has(queryKey(leftPad))).toBe(false);
  });

  it("fails on an export that holds no record of its own ecosystem (another's all.zip, or an empty one)", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'npm'));
    const pypi = recordsByEcosystem().get('PyPI')!;
    await writeFile(
      join(dir, 'npm', 'all.zip'),
      zipSync(Object.fromEntries(pypi.map((r) => [`${String(r.id)}.json`, strToU8(JSON.stringify(r))]))),
    );
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      `${join(dir, 'npm', 'all.zip')}: holds no npm record, so it is not OSV's npm export`,
    );
    await writeFile(join(dir, 'npm', 'all.zip'), zipSync({}));
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(/holds no npm record/);
  });

  it('fails on a zip that is not one, naming the file', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'npm'));
    await writeFile(join(dir, 'npm', 'all.zip'), '<html>Access denied</html>');
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      new RegExp(
        `^${join(dir, 'npm', 'all.zip').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not a readable zip archive`,
      ),
    );
  });

  it('fails on a record in the zip that is broken, naming the entry and the field', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'npm'));
    const zip = zipSync({
      'GHSA-good.json': strToU8(JSON.stringify(OSV_SEED_RECORDS[0])),
      'GHSA-cut.json': strToU8('{"id": "GHSA-cut", "affected": ['),
    });
    await writeFile(join(dir, 'npm', 'all.zip'), zip);
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      /all\.zip: GHSA-cut\.json: not valid JSON/,
    );
    await writeFile(
      join(dir, 'npm', 'all.zip'),
      zipSync({ 'X.json': strToU8(JSON.stringify({ id: 'X-1', affected: [{ versions: 'all' }] })) }),
    );
    await expect(osvOfflineSource(dir).lookup([SEEDED.minimist])).rejects.toThrow(
      /all\.zip: X\.json: X-1 affected\[0\]\.versions must be an array/,
    );
  });
});
