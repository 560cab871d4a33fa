import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { OSV_SEED_RECORDS } from '../../src/emulator/osv-seed.js';
import { osvOfflineSource, queryKey, type PackageQuery } from '../../src/vulns/index.js';
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

  it('reads the unpacked *.json records of an export too', async () => {
    const root = await tempDir();
    for (const [ecosystem, records] of recordsByEcosystem()) {
      await mkdir(join(root, ecosystem));
      for (const r of records)
        await writeFile(join(root, ecosystem, `${String(r.id)}.json`), JSON.stringify(r));
    }
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
      `${join(dir, 'RubyGems')}: no RubyGems export here (expected ${join(dir, 'RubyGems', 'all.zip')}, or the *.json records unpacked from it)`,
    );
    await mkdir(join(dir, 'RubyGems'));
    await expect(osvOfflineSource(dir).lookup([gem])).rejects.toThrow(/neither all\.zip nor any \*\.json/);
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
