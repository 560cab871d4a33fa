import type { LockfilePair } from '../gate/index.js';
import { isAnyLockfilePath, manifestPathOf } from '../lockfiles/index.js';
import { PULL_FILES_CAP, SYMLINK_MODE, type FileEntry, type GitHubApi, type TreeFile } from './github-api.js';
import { mapLimit } from './map-limit.js';
import type { GateTarget } from './resolve-event.js';

/** What the gate is given: both sides of each changed lockfile (or the head's, in an audit). */
export interface CollectedLockfiles {
  lockfiles: LockfilePair[];
  mode: 'diff' | 'audit';
  base?: string;
  head: string;
  /** Things the log and the summary should say (the file list's cap, ...). */
  notices: string[];
  /** How the base was chosen, for the report's first line (`merge base of main (5dc5ba4)`). */
  baseLabel?: string;
}

/** Files read at once; GitHub's secondary rate limits frown on more concurrent requests. */
export const READ_CONCURRENCY = 8;

const lockfilesOf = (files: readonly TreeFile[]): Map<string, TreeFile> =>
  new Map(files.filter((f) => isAnyLockfilePath(f.path)).map((f) => [f.path, f]));

/** A tree entry's side: a regular file's text by its blob, a link named as one and never read. */
async function readEntry(api: GitHubApi, file: TreeFile | undefined): Promise<FileEntry | undefined> {
  if (file === undefined) return undefined;
  if (file.mode === SYMLINK_MODE) return { refused: `a symbolic link (git mode ${SYMLINK_MODE})` };
  return { text: await api.readBlob(file.sha, file.path), sha: file.sha };
}

/** Both sides into the pair the gate judges: text where there is a file, why not where it is refused. */
function pairOf(path: string, base: FileEntry | undefined, head: FileEntry | undefined): LockfilePair {
  const pair: LockfilePair = { path };
  const unreadable: NonNullable<LockfilePair['unreadable']> = {};
  if (base !== undefined && 'text' in base) pair.base = base.text;
  else if (base !== undefined) unreadable.base = base.refused;
  if (head !== undefined && 'text' in head) pair.head = head.text;
  else if (head !== undefined) unreadable.head = head.refused;
  if (unreadable.base !== undefined || unreadable.head !== undefined) pair.unreadable = unreadable;
  return pair;
}

/** Lockfiles whose blob (or mode) differs between two trees, each side read by blob SHA. */
async function diffTrees(api: GitHubApi, base: string, head: string, concurrency: number) {
  const [before, after] = await Promise.all([api.listTree(base), api.listTree(head)]);
  const baseFiles = lockfilesOf(before);
  const headFiles = lockfilesOf(after);
  const same = (a: TreeFile | undefined, b: TreeFile | undefined) => a?.sha === b?.sha && a?.mode === b?.mode;
  const paths = [...new Set([...baseFiles.keys(), ...headFiles.keys()])]
    .filter((p) => !same(baseFiles.get(p), headFiles.get(p)))
    .sort();
  return mapLimit(paths, concurrency, async (path) => {
    const [b, h] = await Promise.all([
      readEntry(api, baseFiles.get(path)),
      readEntry(api, headFiles.get(path)),
    ]);
    return pairOf(path, b, h);
  });
}

/**
 * The changed lockfiles of the run, read through the GitHub API by SHA (a fork's code is never checked
 * out): a PR's from its file list (the tree comparison when the list stops at GitHub's 3,000-file cap),
 * a push's or merge group's from comparing the two trees, an audit's the head's whole.
 */
export async function collectLockfiles(
  api: GitHubApi,
  target: Exclude<GateTarget, { kind: 'none' }>,
  concurrency = READ_CONCURRENCY,
): Promise<CollectedLockfiles> {
  const notices: string[] = [];
  if (target.kind === 'audit') {
    const files = [...lockfilesOf(await api.listTree(target.headSha))].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const lockfiles = await mapLimit(files, concurrency, async ([path, file]) =>
      pairOf(path, undefined, await readEntry(api, file)),
    );
    return { lockfiles, mode: 'audit', head: target.headSha, notices };
  }

  if (target.kind === 'range') {
    const base = target.baseSha ?? (await api.mergeBase(target.defaultBranch!, target.headSha));
    if (target.baseSha === undefined)
      notices.push(`a new branch: compared with ${target.defaultBranch} (merge base ${base.slice(0, 7)})`);
    const lockfiles = await diffTrees(api, base, target.headSha, concurrency);
    const short = base.slice(0, 7);
    const baseLabel =
      target.baseSha === undefined
        ? `merge base of ${target.defaultBranch!} (${short})`
        : target.event === 'merge_group'
          ? `the merge group's base (${short})`
          : `the commit before the push (${short})`;
    return withSiblings(
      api,
      { lockfiles, mode: 'diff', base, baseLabel, head: target.headSha, notices },
      concurrency,
    );
  }

  // The PR's change is from the merge base, not from the base branch's tip, which may have moved on.
  const [files, base] = await Promise.all([
    api.listPullFiles(target.number),
    api.mergeBase(target.baseSha, target.headSha),
  ]);
  const baseLabel = `merge base of ${target.baseRef ?? 'the base branch'} (${base.slice(0, 7)})`;
  const capped =
    files.length >= PULL_FILES_CAP ||
    (target.changedFiles !== undefined && files.length < target.changedFiles);
  if (capped) {
    notices.push(
      `pull request #${target.number} changes ${target.changedFiles ?? `${files.length}+`} files, past the ${PULL_FILES_CAP.toLocaleString('en-US')} GitHub's file list returns: its lockfiles were found by comparing the two trees instead`,
    );
    const lockfiles = await diffTrees(api, base, target.headSha, concurrency);
    return withSiblings(
      api,
      { lockfiles, mode: 'diff', base, baseLabel, head: target.headSha, notices },
      concurrency,
    );
  }
  const changed = files
    .filter(
      (f) => isAnyLockfilePath(f.filename) || (f.previousFilename && isAnyLockfilePath(f.previousFilename)),
    )
    .sort((a, b) => (a.filename < b.filename ? -1 : 1));
  const lockfiles = await mapLimit(changed, concurrency, async (file) => {
    const path = isAnyLockfilePath(file.filename) ? file.filename : file.previousFilename!;
    const basePath = file.previousFilename ?? file.filename;
    const [baseEntry, headEntry] = await Promise.all([
      file.status === 'added' || !isAnyLockfilePath(basePath) ? undefined : api.readFile(basePath, base),
      file.status === 'removed' || !isAnyLockfilePath(file.filename)
        ? undefined
        : api.readFile(file.filename, target.headSha),
    ]);
    // The file list names the head's blob: an answer with another blob is not this path's own content.
    const head =
      headEntry !== undefined && 'sha' in headEntry && file.sha !== undefined && headEntry.sha !== file.sha
        ? { refused: 'not the blob the pull request lists (a link GitHub resolved?)' }
        : headEntry;
    const pair = pairOf(path, baseEntry, head);
    // GitHub's rename detection: the base side is read under its own name (it may be another format).
    if (basePath !== path && isAnyLockfilePath(basePath) && baseEntry !== undefined) pair.basePath = basePath;
    return pair;
  });
  return withSiblings(
    api,
    { lockfiles, mode: 'diff', base, baseLabel, head: target.headSha, notices },
    concurrency,
  );
}

async function withSiblings(
  api: GitHubApi,
  collected: CollectedLockfiles & { base: string },
  concurrency: number,
): Promise<CollectedLockfiles> {
  // The manifest beside a lockfile that does not say which packages are direct, at the same commit.
  await mapLimit(collected.lockfiles, concurrency, async (pair) => {
    const manifest = manifestPathOf(pair.path, pair.head);
    if (manifest === undefined || pair.head === undefined) return;
    const entry = await api.readFile(manifest, collected.head);
    if (entry !== undefined && 'text' in entry) pair.headManifest = entry.text;
  });
  return collected;
}
