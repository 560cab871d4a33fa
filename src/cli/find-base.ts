import { execFile } from 'node:child_process';
import { defaultBranchCandidates, GitError, git, refExists } from './git.js';

/**
 * What to do about a shallow clone, said once wherever depgate gives up on one: a default
 * actions/checkout step fetches a single commit (fetch-depth: 1), which holds neither the default
 * branch nor the merge base. https://github.com/actions/checkout#fetch-all-history-for-all-tags-and-branches
 */
export const SHALLOW_HELP =
  'set fetch-depth: 0 on the actions/checkout step (with: fetch-depth: 0) so the clone has the history, or pass --base <the base commit SHA> (on a pull request: ${{ github.event.pull_request.base.sha }})';

/** How far depgate deepens a shallow clone looking for a merge base, step by step: 1,000 commits in all. */
export const DEEPEN_STEPS = [10, 40, 150, 800] as const;

/** A shallow clone depgate could not complete: a setup problem (exit 2) that names fetch-depth. */
export function shallowCloneError(what: string): GitError {
  return new GitError(
    `this clone is shallow (git rev-parse --is-shallow-repository) and ${what}: ${SHALLOW_HELP}`,
  );
}

export async function isShallowRepository(root: string): Promise<boolean> {
  try {
    return (await git(root, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** The remote to fetch from: `origin` when there is one, else the only one; undefined when none. */
export async function fetchRemote(root: string): Promise<string | undefined> {
  const remotes = (await git(root, ['remote'])).split('\n').filter((r) => r !== '');
  if (remotes.includes('origin')) return 'origin';
  return remotes.length === 1 ? remotes[0] : undefined;
}

/**
 * git over the network (`fetch`, `ls-remote`), never asking for a password: a CI job has no one to
 * answer (the credentials actions/checkout leaves in the clone's config are used as they are).
 */
function gitRemote(root: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd: root, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error === null) resolve(stdout);
        // A remote URL may carry credentials (https://user:token@host/...): never shown.
        else
          reject(
            new GitError(
              `git ${args.join(' ')}: ${(stderr || error.message).trim().replace(/\/\/[^/@\s]+@/g, '//***@')}`,
            ),
          );
      },
    );
  });
}

/** `git fetch` of what is asked only: no tags, no FETCH_HEAD. */
export async function gitFetch(root: string, args: readonly string[]): Promise<void> {
  await gitRemote(root, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', ...args]);
}

/** The remote's default branch name (`git ls-remote --symref`), undefined when it does not say. */
export async function remoteDefaultBranch(root: string, remote: string): Promise<string | undefined> {
  const said = await gitRemote(root, ['ls-remote', '--symref', remote, 'HEAD']);
  return /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(said)?.[1];
}

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i;

/**
 * Fetches one commit `ref` names into a shallow clone, one commit deep: a full SHA by itself, a branch
 * (`main`, `origin/main`) into its remote-tracking ref. Returns the ref to resolve afterwards.
 */
export async function fetchRefShallow(root: string, remote: string, ref: string): Promise<string> {
  if (SHA.test(ref)) {
    await gitFetch(root, ['--depth=1', remote, ref]);
    return ref;
  }
  const branch = ref.startsWith(`${remote}/`) ? ref.slice(remote.length + 1) : ref;
  await gitFetch(root, ['--depth=1', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`]);
  return `${remote}/${branch}`;
}

/**
 * Deepens a shallow clone from both tips (`--deepen`, by their SHAs, so a detached pull-request merge
 * commit is deepened too) until `git merge-base` finds their common ancestor, at most DEEPEN_STEPS in
 * all. Returns the merge base, or undefined when there is none within reach.
 */
export async function deepenToMergeBase(
  root: string,
  remote: string,
  tips: readonly [string, string],
  say: (text: string) => void,
): Promise<string | undefined> {
  for (const step of DEEPEN_STEPS) {
    say(`deepening the shallow clone by ${step} commits (git fetch --deepen=${step}) to find the merge base`);
    await gitFetch(root, [`--deepen=${step}`, remote, ...tips]);
    const base = await mergeBaseOf(root, tips);
    if (base !== undefined) return base;
    if (!(await isShallowRepository(root))) return undefined; // the whole history is here: none exists
  }
  return undefined;
}

/** `git merge-base a b`, undefined when git finds none (exit 1). */
export async function mergeBaseOf(
  root: string,
  tips: readonly [string, string],
): Promise<string | undefined> {
  try {
    return (await git(root, ['merge-base', ...tips])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A commit the check compares, with the name it was asked by. */
export interface NamedCommit {
  ref: string;
  sha: string;
}

/** What finding a commit may print: one line each, prefixed by the caller. */
export type Say = (text: string) => void;

/**
 * The commit `ref` names (`--base`, `--head`); in a shallow clone that does not hold it, fetched from
 * the remote one commit deep first (the diff needs the commit's tree, not its history).
 */
export async function findCommit(root: string, ref: string, say: Say): Promise<NamedCommit> {
  if (!(await refExists(root, ref))) {
    if (!(await isShallowRepository(root)))
      throw new GitError(`--base/--head: '${ref}' is not a commit in ${root}`);
    const remote = await fetchRemote(root);
    if (remote === undefined)
      throw shallowCloneError(`'${ref}' is not in it (and it has no remote to fetch it from)`);
    say(`this clone is shallow and does not hold '${ref}': fetching it from ${remote} (one commit deep)`);
    let fetched: string;
    try {
      fetched = await fetchRefShallow(root, remote, ref);
    } catch (error) {
      throw shallowCloneError(`'${ref}' is not in it; fetching it failed: ${(error as Error).message}`);
    }
    const found = (await refExists(root, ref)) ? ref : (await refExists(root, fetched)) ? fetched : undefined;
    if (found === undefined) throw shallowCloneError(`'${ref}' is not in it, nor on ${remote}`);
    return { ref, sha: (await git(root, ['rev-parse', `${found}^{commit}`])).trim() };
  }
  return { ref, sha: (await git(root, ['rev-parse', `${ref}^{commit}`])).trim() };
}

/**
 * The default base: where HEAD left the default branch (`git merge-base`), the default branch being
 * the remote's HEAD, else `origin/main`, `origin/master`, `main` or `master`. A shallow clone (a default
 * actions/checkout) is completed as far as needed: the default branch fetched one commit deep, then
 * both tips deepened step by step until the merge base is there; when that cannot be done, the error
 * says which fetch-depth to set.
 */
export async function findDefaultBase(root: string, say: Say): Promise<NamedCommit> {
  const shallow = await isShallowRepository(root);
  let ref: string | undefined;
  for (const candidate of await defaultBranchCandidates(root))
    if (await refExists(root, candidate)) {
      ref = candidate;
      break;
    }
  const remote = shallow ? await fetchRemote(root) : undefined;
  if (ref === undefined) {
    if (!shallow)
      throw new GitError(
        'cannot find the default branch (tried origin/HEAD, origin/main, origin/master, main, master): pass --base REF',
      );
    if (remote === undefined)
      throw shallowCloneError('it holds no default branch (and has no remote to fetch one from)');
    try {
      const branch = await remoteDefaultBranch(root, remote);
      if (branch === undefined) throw new GitError(`${remote} does not say which branch is its default`);
      say(
        `this clone is shallow and holds no default branch: fetching ${remote}/${branch} (one commit deep)`,
      );
      ref = await fetchRefShallow(root, remote, branch);
    } catch (error) {
      throw shallowCloneError(`it holds no default branch; fetching it failed: ${(error as Error).message}`);
    }
  }
  const tips = [
    (await git(root, ['rev-parse', 'HEAD^{commit}'])).trim(),
    (await git(root, ['rev-parse', `${ref}^{commit}`])).trim(),
  ] as const;
  const found = await mergeBaseOf(root, tips);
  if (found !== undefined) return { ref, sha: found };
  if (!shallow || remote === undefined)
    throw shallow
      ? shallowCloneError(
          `HEAD and ${ref} have no common commit in it (and it has no remote to fetch more from)`,
        )
      : new GitError(`HEAD and ${ref} have no common commit (unrelated histories): pass --base REF`);
  let deepened: string | undefined;
  try {
    deepened = await deepenToMergeBase(root, remote, tips, say);
  } catch (error) {
    throw shallowCloneError(
      `HEAD and ${ref} have no common commit in it; fetching more failed: ${(error as Error).message}`,
    );
  }
  if (deepened === undefined)
    throw shallowCloneError(
      `HEAD and ${ref} have no common commit within ${DEEPEN_STEPS.reduce((a, b) => a + b, 0)} commits of history fetched`,
    );
  return { ref, sha: deepened };
}
