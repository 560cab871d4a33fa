// The notification relay: unread platform notifications to Slack and GitHub comments, each once.
export { destinationKey, relayOnce, type RelayRunOptions } from './deliver.js';
export { escapeSlack, SLACK_DIGEST_MAX, slackDigest, slackMessage } from './format-slack.js';
export {
  commentMarker,
  escapeGitHub,
  GITHUB_COMMENT_MAX,
  GITHUB_DIGEST_MAX,
  githubComment,
  markerHas,
  readMarker,
} from './format-github.js';
export { markerSeal, type MarkerSeal } from './marker-seal.js';
export { linkedIssue, matchesRoute, routeNotification, type Routed, type RouteRule } from './route.js';
export { parseRules, RulesError } from './rules-file.js';
export { checkPush, MAX_PUSH_BYTES, PUSH_WINDOW_MS, type PushCheck } from './signed-push.js';
export { METADATA_EVENT, slackChatSink } from './sinks/slack-chat.js';
export { githubCommentSink } from './sinks/github-comment.js';
export { slackWebhookSink } from './sinks/slack-webhook.js';
export { fileStore, RelayBusyError } from './stores/file.js';
export { DeliveryTable, memoryStore } from './stores/memory.js';
export type * from './types.js';
export { redisStore } from './stores/redis.js';
export { parseSince, relaySettingsFromEnv, runRelay, summaryText, type RelaySettings } from './run-relay.js';
export {
  FUNCTION_DEADLINE_MS,
  handlePush,
  handleScheduledRun,
  jsonResponse,
  redisFromEnv,
  StoreSetupError,
  type HandlerOptions,
  type OpenStore,
} from './serverless.js';
export {
  guardStore,
  isStoreUnavailable,
  STORE_TIMEOUT_MS,
  StoreUnavailableError,
} from './stores/guard-store.js';
