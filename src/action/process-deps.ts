import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import * as core from '@actions/core';
import { context, getOctokit } from '@actions/github';
import { VERSION } from '../version.js';
import { createGitHubApi } from './github-api.js';
import { retryGitHubRequests } from './retry-github.js';
import type { ActionDeps } from './run.js';

/**
 * The Action's powers from the runner's process: @actions/core for inputs, outputs, annotations and
 * the summary; @actions/github for the event and an Octokit on GITHUB_API_URL (GitHub Enterprise
 * Server included). Only this file reads the environment.
 */
export function processDeps(): ActionDeps {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com';
  const repository = process.env.GITHUB_REPOSITORY ?? '';
  const [owner = '', repo = ''] = repository.split('/');
  const runId = process.env.GITHUB_RUN_ID;
  const deps: ActionDeps = {
    core: {
      getInput: (name) => core.getInput(name),
      setOutput: (name, value) => core.setOutput(name, value),
      setSecret: (secret) => core.setSecret(secret),
      setFailed: (message) => core.setFailed(message),
      info: (message) => core.info(message),
      notice: (message, props) => core.notice(message, props),
      warning: (message, props) => core.warning(message, props),
      error: (message, props) => core.error(message, props),
      appendSummary: async (markdown) => {
        await core.summary.addRaw(markdown, true).write();
      },
    },
    eventName: context.eventName,
    payload: context.payload,
    repository: { owner, repo },
    sha: context.sha,
    createGitHub: (token) =>
      createGitHubApi(retryGitHubRequests(getOctokit(token, { userAgent: `depgate-action/${VERSION}` })), {
        owner,
        repo,
      }),
    now: () => new Date(),
    writeFile: async (path, text) => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text);
    },
    resolvePath: (path) => resolve(workspace, path),
    tempDir: process.env.RUNNER_TEMP ?? tmpdir(),
    env: process.env,
  };
  if (runId !== undefined && repository !== '') deps.runUrl = `${server}/${repository}/actions/runs/${runId}`;
  return deps;
}
