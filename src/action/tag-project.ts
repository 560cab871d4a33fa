import type { Project } from '../core/index.js';
import type { GatePlatform, Verdict } from '../gate/index.js';

/** Adds the verdict's tag to the project and removes the other one; returns the project's tags after. */
export async function tagProject(
  platform: GatePlatform,
  projectName: string,
  verdict: Verdict,
  tags: { pass: string; fail: string },
): Promise<Project> {
  const [add, remove] = verdict === 'block' ? [tags.fail, tags.pass] : [tags.pass, tags.fail];
  const { client, deploymentSlug } = platform;
  const project = await client.addProjectTags(deploymentSlug, projectName, [add]);
  if (remove === add || !project.tags.includes(remove)) return project;
  return client.removeProjectTags(deploymentSlug, projectName, [remove]);
}
