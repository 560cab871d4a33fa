import type { DeploymentRecord, EmulatorDataset, TokenRecord } from './dataset.js';
import { EmulatorHttpError } from './http.js';

/** Which credentials an operation takes (platform-api.md, "Authentication"). */
export type Scheme = 'api-token' | 'api-token-or-jwt';

/**
 * The token of a request. 401 without one or for an unknown one. A user JWT on an operation that
 * takes API tokens only is a 401 too: the credential is valid, but not for this API, and the fix is
 * the same as for a wrong token (use an API token). An API token without the Web API scope gets the
 * real service's 404, on every operation.
 */
export function authenticate(request: Request, dataset: EmulatorDataset, scheme: Scheme): TokenRecord {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (match === null)
    throw new EmulatorHttpError(401, 'missing bearer token: send Authorization: Bearer <API_TOKEN>');
  const token = dataset.tokens.find((t) => t.token === match[1]);
  if (token === undefined) throw new EmulatorHttpError(401, 'invalid or expired token');
  if (token.kind === 'jwt' && scheme === 'api-token')
    throw new EmulatorHttpError(
      401,
      'this operation takes an API token; a user JSON Web Token is accepted on notifications only',
    );
  if (token.kind === 'api' && !token.webApi) throw new EmulatorHttpError(404, 'not found');
  return token;
}

/** The deployment of a numeric id in a path, if the token belongs to it; else 404 (never 403). */
export function deploymentById(dataset: EmulatorDataset, token: TokenRecord, raw: string): DeploymentRecord {
  if (!/^\d{1,20}$/.test(raw))
    throw new EmulatorHttpError(
      400,
      `deployment id must be a number (this path takes the id, not the slug), got ${JSON.stringify(raw)}`,
    );
  const deployment = dataset.deployments.find((d) => String(d.id) === BigInt(raw).toString());
  if (deployment === undefined || token.deploymentId !== deployment.id)
    throw new EmulatorHttpError(404, `deployment ${raw} not found`);
  return deployment;
}

/** The deployment of a slug in a path, if the token belongs to it; else 404. */
export function deploymentBySlug(
  dataset: EmulatorDataset,
  token: TokenRecord,
  slug: string,
): DeploymentRecord {
  const deployment = dataset.deployments.find((d) => d.slug === slug);
  if (deployment === undefined || token.deploymentId !== deployment.id) {
    const hint = /^\d+$/.test(slug) ? ' (this path takes the slug, not the numeric id)' : '';
    throw new EmulatorHttpError(404, `deployment ${JSON.stringify(slug)} not found${hint}`);
  }
  return deployment;
}
