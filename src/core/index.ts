export {
  createPlatformClient,
  DEFAULT_BASE_URL,
  encodeProjectName,
  PAGE_BOUNDS,
  type PlatformClient,
  type PlatformClientOptions,
} from './client.js';
export { ApiError, isApiError, redactSecrets, type ApiErrorKind } from './errors.js';
export { normalizeDependencies, normalizeDependency } from './normalize.js';
export { clampPageSize, paginateItems, paginatePages } from './paginate.js';
export type { RequestLogEntry } from './request.js';
export { parseRetryAfter, retryDelay, DEFAULT_RETRY, type RetryPolicy } from './retry.js';
export type { ResponseLike, Transport } from './transport.js';
export type * from './types.js';
