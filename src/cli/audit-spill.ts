import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditSpill } from '../audit/index.js';

/** Writes go to the file in pieces of about this many characters. */
const WRITE_CHUNK = 1 << 20;

/**
 * The audit's violations in a file of the temporary folder, readable by this user only, until the
 * report is written. On POSIX systems the file leaves the folder as soon as it is opened (the open file
 * keeps it), so nothing is left behind however the process ends; elsewhere it is deleted at close().
 */
export function fileSpill(folder = tmpdir()): AuditSpill {
  const path = join(folder, `depgate-audit-${process.pid}-${randomUUID()}.jsonl`);
  let fd: number | undefined = openSync(path, 'wx+', 0o600);
  let unlinked = false;
  try {
    unlinkSync(path);
    unlinked = true;
  } catch {
    // Windows keeps an open file's name: it is removed at close().
  }
  let pending = '';
  const open = (): number => {
    if (fd === undefined) throw new Error('the audit report was closed before it was written');
    return fd;
  };
  const flush = () => {
    if (pending === '') return;
    writeSync(open(), pending);
    pending = '';
  };
  let buffer = Buffer.alloc(0);
  return {
    write(text) {
      pending += text;
      if (pending.length >= WRITE_CHUNK) flush();
    },
    read(offset, bytes) {
      flush();
      if (buffer.length < bytes) buffer = Buffer.allocUnsafe(Math.max(bytes, 2 * buffer.length, 4096));
      let got = 0;
      while (got < bytes) {
        const n = readSync(open(), buffer, got, bytes - got, offset + got);
        if (n === 0)
          throw new Error(`${path} ended early: the audit's working file was changed while in use`);
        got += n;
      }
      return buffer.toString('utf8', 0, bytes);
    },
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
      pending = '';
      if (!unlinked)
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
    },
  };
}
