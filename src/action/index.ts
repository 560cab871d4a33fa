export { collectLockfiles, type CollectedLockfiles } from './collect-lockfiles.js';
export { createGitHubApi, PULL_FILES_CAP, type GitHubApi } from './github-api.js';
export { INPUT_DEFAULTS, readInputs, type ActionInputs } from './inputs.js';
export { resolveEvent, SUPPORTED_EVENTS, type GateTarget } from './resolve-event.js';
export { run, type ActionCore, type ActionDeps } from './run.js';
export { COMMENT_LIMIT, COMMENT_MARKER, syncStickyComment } from './sticky-comment.js';
export { retryGitHubRequests } from './retry-github.js';
