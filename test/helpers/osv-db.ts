import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes records into `folder` as an unpacked OSV export: one `<id>.json` each, and the listing
 * `records.txt` (what `unzip -Z1 all.zip` prints) that tells depgate which records the export has.
 */
export function writeUnpackedExport(folder: string, records: readonly Record<string, unknown>[]): void {
  mkdirSync(folder, { recursive: true });
  const names = records.map((r) => `${String(r.id)}.json`);
  records.forEach((r, i) => writeFileSync(join(folder, names[i]!), JSON.stringify(r)));
  writeFileSync(join(folder, 'records.txt'), names.map((n) => `${n}\n`).join(''));
}
