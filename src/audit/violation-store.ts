import type { AuditLockfile, AuditRepository, AuditViolation } from './types.js';

/** A repository of the report without its violations: what the summary and the tagging need. */
export interface AuditRepositorySummary {
  name: string;
  id: string;
  /** Violations that are not excused. */
  blocking: number;
  /** All its violations (blocking, reported and excused). */
  violations: number;
}

/**
 * The report's repositories in report order (most blocking violations first, then by name), each read
 * from disk with its violations only when it is reached: iterating holds one repository at a time.
 * `JSON.stringify` reads them all (`toJSON`), for small reports and tests.
 */
export interface AuditRepositories extends Iterable<AuditRepository> {
  readonly streamed: true;
  readonly length: number;
  /** Every repository's name, id and counts, without reading a violation. */
  summaries(): readonly AuditRepositorySummary[];
  toJSON(): AuditRepository[];
  /** Deletes what was written to disk; the repositories cannot be read after. */
  close(): void;
}

/** Whether a value is a list of repositories read as it is iterated (not an array). */
export const isStreamedRepositories = (value: unknown): value is AuditRepositories =>
  typeof value === 'object' && value !== null && (value as { streamed?: unknown }).streamed === true;

/**
 * Where the audit keeps its violations until the report is written: appended text, read back by byte
 * offset and length. The CLI gives a file in the temporary folder; the default keeps them in memory.
 */
export interface AuditSpill {
  /** Appends text (UTF-8) at the end. */
  write(text: string): void;
  /** The text written at `offset` (bytes from the start), `bytes` long. */
  read(offset: number, bytes: number): string;
  /** Gives back what it holds (a file is deleted); nothing can be read after. */
  close(): void;
}

/** A spill in memory: the violations as JSON lines (still less than as objects). */
export function memorySpill(): AuditSpill {
  let texts: Map<number, string> | undefined = new Map<number, string>();
  let end = 0;
  const open = () => {
    if (texts === undefined) throw new Error('the audit report was closed before it was written');
    return texts;
  };
  return {
    write(text) {
      open().set(end, text);
      end += Buffer.byteLength(text);
    },
    read(offset, bytes) {
      const text = open().get(offset);
      if (text === undefined || Buffer.byteLength(text) !== bytes)
        throw new Error(`the audit report holds nothing at ${offset}`);
      return text;
    },
    close() {
      texts = undefined;
    },
  };
}

/** An Int32Array that grows. */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** Numbers for strings: each distinct string once. */
class Names {
  private readonly ids = new Map<string, number>();
  readonly list: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.list.push(value) - 1;
      this.ids.set(value, id);
    }
    return id;
  }
}

/**
 * The audit's violations, written to a spill as they are found (one JSON line each). Memory keeps only
 * what orders the report: for each violation its repository, lockfile, blocking, line, name (as
 * numbers) and where its line is in the spill, about 30 bytes. The report then reads each repository's
 * violations back in its order, one repository at a time, so that every format is written while
 * memory holds one repository: an organization's report of 100,000 violations is a few hundred MB as
 * objects, and more as one SARIF document.
 */
export class ViolationStore {
  private written = 0;
  // The index: one entry per violation.
  private readonly repository = new IntList();
  private readonly lockfile = new IntList();
  private readonly line = new IntList();
  private readonly name = new IntList();
  /** 1: blocking. */
  private readonly blocking = new IntList();
  private readonly start = new IntList();
  private readonly bytes = new IntList();
  private readonly repositoryIds = new Names();
  private readonly repositoryNames: string[] = [];
  private readonly lockfiles = new Names();
  private readonly names = new Names();

  constructor(private readonly spill: AuditSpill = memorySpill()) {}

  get size(): number {
    return this.repository.length;
  }

  /** Keeps a violation as it is now (exceptions applied, `blocking` set). */
  add(v: AuditViolation): void {
    const text = `${JSON.stringify(v)}\n`;
    const length = Buffer.byteLength(text);
    const repository = this.repositoryIds.id(v.repositoryId);
    if (repository === this.repositoryNames.length) this.repositoryNames.push(v.repository);
    this.repository.push(repository);
    this.lockfile.push(this.lockfiles.id(v.lockfile));
    this.line.push(v.line);
    this.name.push(this.names.id(v.name));
    this.blocking.push(v.blocking ? 1 : 0);
    // Offsets as int32: a report of 2 GB on disk is some 20 million violations, far past any organization.
    if (this.written > 0x7fff_ffff - length)
      throw new Error('the audit found more violations than one report can hold (2 GB)');
    this.start.push(this.written);
    this.bytes.push(length);
    this.written += length;
    this.spill.write(text);
  }

  /** The repositories in report order, to be read one at a time. */
  finish(): AuditRepositories {
    const count = this.size;
    const repositories = this.repositoryNames.length;
    // Each repository's violations in the order they were found (a counting sort: stable).
    const first = new Int32Array(repositories + 1);
    const blocking = new Int32Array(repositories);
    for (let i = 0; i < count; i++) {
      first[this.repository.data[i]! + 1]!++;
      if (this.blocking.data[i] === 1) blocking[this.repository.data[i]!]!++;
    }
    for (let r = 0; r < repositories; r++) first[r + 1]! += first[r]!;
    const members = new Int32Array(count);
    const next = first.slice(0, repositories);
    for (let i = 0; i < count; i++) members[next[this.repository.data[i]!]!++] = i;
    const summaries: (AuditRepositorySummary & { index: number })[] = [];
    for (let r = 0; r < repositories; r++)
      summaries.push({
        name: this.repositoryNames[r]!,
        id: this.repositoryIds.list[r]!,
        blocking: blocking[r]!,
        violations: first[r + 1]! - first[r]!,
        index: r,
      });
    // Most blocking first, then by name; ties keep the order found (sort is stable).
    summaries.sort((a, b) => b.blocking - a.blocking || a.name.localeCompare(b.name));
    const byIndex = new Map(summaries.map((s) => [s.index, s]));
    const load = (r: number) => this.read(members.subarray(first[r], first[r + 1]), byIndex.get(r)!);
    return {
      streamed: true,
      length: repositories,
      summaries: () =>
        summaries.map(({ name, id, blocking, violations }) => ({ name, id, blocking, violations })),
      *[Symbol.iterator]() {
        for (const s of summaries) yield load(s.index);
      },
      toJSON: () => summaries.map((s) => load(s.index)),
      close: () => this.spill.close(),
    };
  }

  /** One repository: its lockfiles by path, each one's violations blocking first, then by line and name. */
  private read(found: Int32Array, summary: AuditRepositorySummary): AuditRepository {
    // Lockfiles by path; equal paths keep the order found.
    const order: number[] = [];
    const rank = new Map<number, number>();
    for (const i of found) {
      const file = this.lockfile.data[i]!;
      if (!rank.has(file)) {
        rank.set(file, order.length);
        order.push(file);
      }
    }
    const paths = order.map((file) => this.lockfiles.list[file]!);
    const sortedFiles = order.map((_, k) => k).sort((a, b) => paths[a]!.localeCompare(paths[b]!));
    sortedFiles.forEach((k, position) => rank.set(order[k]!, position));
    const sorted = Array.from(found).sort(
      (a, b) =>
        rank.get(this.lockfile.data[a]!)! - rank.get(this.lockfile.data[b]!)! ||
        this.blocking.data[b]! - this.blocking.data[a]! ||
        this.line.data[a]! - this.line.data[b]! ||
        this.names.list[this.name.data[a]!]!.localeCompare(this.names.list[this.name.data[b]!]!),
    );
    const lockfiles: AuditLockfile[] = sortedFiles.map((k) => ({ path: paths[k]!, violations: [] }));
    for (const i of sorted) {
      const text = this.spill.read(this.start.data[i]!, this.bytes.data[i]!);
      lockfiles[rank.get(this.lockfile.data[i]!)!]!.violations.push(JSON.parse(text) as AuditViolation);
    }
    return { name: summary.name, id: summary.id, lockfiles, blocking: summary.blocking };
  }
}
