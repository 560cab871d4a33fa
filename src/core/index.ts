export {
  createPlatformClient,
  DEFAULT_BASE_URL,
  encodeProjectName,
  PAGE_BOUNDS,
  type ClientStats,
  type FindingExposure,
  type FindingsListOptions,
  type SecretsListOptions,
  type ListOptions,
  type Listing,
  type PlatformClient,
  type PlatformClientOptions,
} from './client.js';
export {
  ApiError,
  isApiError,
  kindOfStatus,
  redactSecrets,
  type ApiErrorDetails,
  type ApiErrorKind,
} from './errors.js';
export { normalizeDependencies, normalizeDependency, normalizeNotification } from './normalize.js';
export {
  clampPageSize,
  nextMixedCursor,
  nextOffsetPage,
  nextQueryCursor,
  paginateItems,
  paginatePages,
  type PaginateOptions,
} from './paginate.js';
export {
  createRequester,
  type ClientLogger,
  type Requester,
  type RequesterOptions,
  type RequestLogEntry,
  type ServiceRequestOptions,
} from './request.js';
export { DEFAULT_RETRY, isRetryableStatus, parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';
export { defaultTransport, type ResponseLike, type Transport, type TransportInit } from './transport.js';
export { isPlacedDependency, TRANSITIVITY, WIRE_TRANSITIVITY } from './types.js';
export type * from './types.js';
export type * from './wire.js';
