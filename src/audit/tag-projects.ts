import type { GatePlatform } from '../gate/index.js';
import type { AuditTagging } from './types.js';
import type { AuditRepositorySummary } from './violation-store.js';

export interface TagOptions {
  tag: string;
  /** Remove the tag from projects without a blocking violation. */
  untagClean: boolean;
  dryRun: boolean;
  /** Calls in flight at once (default 4). */
  concurrency?: number;
  /** Only these projects may lose the tag (the audit's `--repository` selection). */
  within?: readonly string[];
}

/**
 * Brings the projects' tags in line with the audit: `tag` on every project with a blocking violation,
 * and with `untagClean`, off every project that has it and none. The projects' current tags are read
 * first, so only what must change is called (running it again changes nothing). Calls go a few at a
 * time; the client retries what the platform asks to retry (429, 5xx); what still fails gets one more
 * pass and is then reported, never skipped silently.
 */
export async function tagProjects(
  platform: GatePlatform,
  /** The report's repositories, without their violations (`repositories.summaries()`). */
  repositories: readonly Pick<AuditRepositorySummary, 'name' | 'blocking'>[],
  options: TagOptions,
): Promise<AuditTagging> {
  const { client, deploymentSlug } = platform;
  const current = new Map<string, { name: string; tags: string[] }>();
  for await (const project of client.projects(deploymentSlug).items())
    current.set(project.name.toLowerCase(), { name: project.name, tags: project.tags });
  const violating = new Set(repositories.filter((r) => r.blocking > 0).map((r) => r.name.toLowerCase()));
  const within =
    options.within === undefined || options.within.length === 0
      ? undefined
      : new Set(options.within.map((n) => n.toLowerCase()));
  const tagging: AuditTagging = {
    tag: options.tag,
    dryRun: options.dryRun,
    added: [],
    removed: [],
    unchanged: 0,
    noProject: [],
    failed: [],
  };
  const work: { project: string; action: 'add' | 'remove' }[] = [];
  for (const repo of repositories) {
    if (repo.blocking === 0) continue;
    const project = current.get(repo.name.toLowerCase());
    if (project === undefined) tagging.noProject.push(repo.name);
    else if (project.tags.includes(options.tag)) tagging.unchanged++;
    else work.push({ project: repo.name, action: 'add' });
  }
  if (options.untagClean) {
    for (const [key, project] of current) {
      if (violating.has(key) || (within !== undefined && !within.has(key))) continue;
      if (project.tags.includes(options.tag)) work.push({ project: project.name, action: 'remove' });
      else tagging.unchanged++;
    }
  }
  if (options.dryRun) {
    for (const w of work) (w.action === 'add' ? tagging.added : tagging.removed).push(w.project);
    return tagging;
  }
  let pending = work;
  for (let pass = 0; pass < 2 && pending.length > 0; pass++) {
    const failed: { project: string; action: 'add' | 'remove'; error: string }[] = [];
    await eachLimited(pending, options.concurrency ?? 4, async (w) => {
      try {
        if (w.action === 'add') await client.addProjectTags(deploymentSlug, w.project, [options.tag]);
        else await client.removeProjectTags(deploymentSlug, w.project, [options.tag]);
        (w.action === 'add' ? tagging.added : tagging.removed).push(w.project);
      } catch (error) {
        failed.push({ ...w, error: error instanceof Error ? error.message : String(error) });
      }
    });
    pending = failed;
    if (pass === 1) tagging.failed = failed;
  }
  tagging.added.sort();
  tagging.removed.sort();
  return tagging;
}

/** Runs `fn` over `items` with at most `limit` in flight; `fn` handles its own failures. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
