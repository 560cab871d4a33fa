import type { ProjectRecord } from './dataset.js';
import { EmulatorHttpError, isObject, kindOf, readJsonBody } from './http.js';

export const MAX_TAG_LENGTH = 128;

/** Tag rules (decisions.md): strings, trimmed, 1..128 characters, no control characters. */
export function validateTags(value: unknown, field = 'tags'): string[] {
  if (!Array.isArray(value))
    throw new EmulatorHttpError(400, `${field} must be an array of strings, got ${kindOf(value)}`);
  return value.map((tag: unknown, i) => {
    if (typeof tag !== 'string')
      throw new EmulatorHttpError(400, `${field}[${i}] must be a string, got ${kindOf(tag)}`);
    const trimmed = tag.trim();
    if (trimmed.length < 1 || trimmed.length > MAX_TAG_LENGTH)
      throw new EmulatorHttpError(
        400,
        `${field}[${i}] must be 1 to ${MAX_TAG_LENGTH} characters after trimming, got ${trimmed.length}`,
      );
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed))
      throw new EmulatorHttpError(400, `${field}[${i}] must not contain control characters`);
    return trimmed;
  });
}

/**
 * A project name from its path segments: `org/repo` (raw slashes) or `org%2Frepo`, each segment
 * percent-decoded. Empty, `.` and `..` segments are refused, never resolved: a name never walks
 * out of its deployment.
 */
export function decodeProjectName(raw: string): string {
  let name: string;
  try {
    name = raw
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    throw new EmulatorHttpError(400, 'project name is not valid percent-encoding');
  }
  if (name.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new EmulatorHttpError(
      400,
      `project name ${JSON.stringify(name)} must not have empty, "." or ".." segments`,
    );
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name))
    throw new EmulatorHttpError(400, 'project name must not contain control characters');
  return name;
}

/**
 * The tags a PUT adds. Callers are known to send `{"tags": [...]}`, a bare array (as the spec's body
 * schema says), or the full `{deploymentSlug, projectName, tags}`; in the last, names that disagree
 * with the path are a 400 rather than a guess at which one was meant.
 */
export async function readTagsToAdd(request: Request, slug: string, projectName: string): Promise<string[]> {
  const body = await readJsonBody(request);
  if (Array.isArray(body)) return validateTags(body);
  if (!isObject(body))
    throw new EmulatorHttpError(
      400,
      `request body must be an array of tags or {"tags": [...]}, got ${kindOf(body)}`,
    );
  for (const key of Object.keys(body)) {
    if (!['tags', 'deploymentSlug', 'deployment_slug', 'projectName', 'project_name'].includes(key))
      throw new EmulatorHttpError(
        400,
        `unknown field ${JSON.stringify(key)} (known: tags, deploymentSlug, projectName)`,
      );
  }
  const bodySlug = body.deploymentSlug ?? body.deployment_slug;
  if (bodySlug !== undefined && bodySlug !== null && bodySlug !== slug)
    throw new EmulatorHttpError(
      400,
      `deploymentSlug ${JSON.stringify(bodySlug)} does not match the path's ${JSON.stringify(slug)}`,
    );
  const bodyName = body.projectName ?? body.project_name;
  if (bodyName !== undefined && bodyName !== null && bodyName !== projectName)
    throw new EmulatorHttpError(
      400,
      `projectName ${JSON.stringify(bodyName)} does not match the path's ${JSON.stringify(projectName)}`,
    );
  if (body.tags === undefined) throw new EmulatorHttpError(400, 'tags is required: send {"tags": ["..."]}');
  return validateTags(body.tags);
}

/**
 * The tags a DELETE removes: `?tags=a&tags=b` (what the spec says), `?tags=a,b`, or a JSON body
 * `{"tags": [...]}` or `[...]`. Naming no tag at all is a 400: it is a caller's mistake, not a no-op.
 */
export async function readTagsToRemove(request: Request, url: URL): Promise<string[]> {
  const fromQuery = url.searchParams.getAll('tags');
  if (fromQuery.length > 0)
    return validateTags(fromQuery.flatMap((t) => t.split(',')).filter((t) => t.trim() !== ''));
  // An empty removal (no `tags` query, `{}` or `{"tags": []}`) leaves the project as it is: public
  // scripts send it, and the service answers 200.
  const body = await readJsonBody(request);
  const tags = Array.isArray(body) ? body : isObject(body) ? body.tags : body;
  if (tags === undefined || tags === null) return [];
  return validateTags(tags);
}

/** Sets the project's tags to exactly this list (PATCH of one project). */
export async function readTagsToSet(request: Request): Promise<string[]> {
  const body = await readJsonBody(request);
  if (!isObject(body) || body.tags === undefined)
    throw new EmulatorHttpError(400, 'send {"tags": [...]}: the project\'s tags become that list');
  return [...new Set(validateTags(body.tags))];
}

/** Adds tags as a union: existing order kept, new ones appended once. Idempotent. */
export function addTags(project: ProjectRecord, tags: readonly string[]): void {
  for (const tag of tags) if (!project.tags.includes(tag)) project.tags.push(tag);
}

/** Removes the listed tags from this project; tags it does not have are ignored. */
export function removeTags(project: ProjectRecord, tags: readonly string[]): void {
  const drop = new Set(tags);
  project.tags = project.tags.filter((t) => !drop.has(t));
}
