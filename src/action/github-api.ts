import { decodeFileBytes } from '../lockfiles/index.js';
import { GitHubError } from './github-error.js';

/** A file of a pull request's file list. */
export interface PullFile {
  filename: string;
  status: string;
  previousFilename?: string;
  /** The blob of the head's version (GitHub's `sha`), when given. */
  sha?: string;
}

/** A file (blob) of a commit's tree. */
export interface TreeFile {
  path: string;
  sha: string;
  /** Git's mode: `100644`, `100755`, or `120000` for a symbolic link (whose blob is the link's target). */
  mode: string;
}

/** Git's mode of a symbolic link: its blob holds the target path, never the target's content. */
export const SYMLINK_MODE = '120000';

/** A path at a commit: a regular file's text and blob, or what it is when it is not one (never followed). */
export type FileEntry = { text: string; sha: string } | { refused: string };

/** Who wrote a comment, or whom a token acts as: `user.login` and `user.type` (`User`, `Bot`). */
export interface GitHubIdentity {
  login: string;
  type: string;
}

export interface IssueComment {
  id: number;
  body: string;
  /** The comment's `user`; absent when GitHub gives none (a deleted account shows as `ghost`). */
  author?: GitHubIdentity;
}

/** The pull request file list stops at this many files (GitHub's documented cap). */
export const PULL_FILES_CAP = 3000;

/** The GitHub calls the Action makes, over one repository. Tests run them against a local server. */
export interface GitHubApi {
  /** Every page of the PR's files (Link-header pagination), up to the API's cap of 3,000. */
  listPullFiles(pull: number): Promise<PullFile[]>;
  /** The merge base of two commits (a ref name works for `base`). */
  mergeBase(base: string, head: string): Promise<string>;
  /** Every blob of a commit's tree; walks directory by directory when the recursive listing is truncated. */
  listTree(commit: string): Promise<TreeFile[]>;
  /**
   * A path at a commit, any size: a regular file's text, or why it is not read (a symbolic link, a
   * folder, a submodule: GitHub answers a link to a file of the repository with that file, which is
   * told apart by its path); undefined when nothing is there.
   */
  readFile(path: string, ref: string): Promise<FileEntry | undefined>;
  /** A blob's text by its SHA (blobs API, any size). */
  readBlob(sha: string, path: string): Promise<string>;
  /**
   * Whom the token acts as, from `GET /user`: a personal or user token's account. An installation
   * token (the workflow's GITHUB_TOKEN, a GitHub App's) cannot read it and gets undefined.
   */
  authenticatedUser(): Promise<GitHubIdentity | undefined>;
  listComments(issue: number): Promise<IssueComment[]>;
  createComment(issue: number, body: string): Promise<IssueComment>;
  updateComment(id: number, body: string): Promise<void>;
  deleteComment(id: number): Promise<void>;
}

interface OctokitResponse {
  data: unknown;
  headers: Record<string, string | number | undefined>;
}

/** The part of an Octokit that the Action uses: requests by route, pages by Link header. */
export interface OctokitLike {
  request(route: string, params?: Record<string, unknown>): Promise<OctokitResponse>;
  paginate: {
    iterator(route: string, params?: Record<string, unknown>): AsyncIterable<OctokitResponse>;
  };
}

type Json = Record<string, unknown>;

function identityOf(user: unknown): GitHubIdentity | undefined {
  const u = user as Json | null | undefined;
  if (typeof u?.login !== 'string') return undefined;
  return { login: u.login, type: typeof u.type === 'string' ? u.type : '' };
}

function commentOf(c: Json): IssueComment {
  const comment: IssueComment = { id: Number(c.id), body: typeof c.body === 'string' ? c.body : '' };
  const author = identityOf(c.user);
  if (author !== undefined) comment.author = author;
  return comment;
}

/** The GitHub calls over an Octokit (which honours GITHUB_API_URL), for `owner/repo`. */
export function createGitHubApi(
  octokit: OctokitLike,
  repository: { owner: string; repo: string },
): GitHubApi {
  const { owner, repo } = repository;

  async function call(route: string, params: Record<string, unknown> = {}): Promise<OctokitResponse> {
    let response: OctokitResponse;
    try {
      response = await octokit.request(route, { owner, repo, ...params });
    } catch (error) {
      throw toGitHubError(route, error);
    }
    // Octokit's JSON reader (json-with-bigint) gives up on large bodies (a blob of a few MB) and hands
    // back the text: parse it here, so that a big lockfile is read rather than refused.
    const type = String(response.headers['content-type'] ?? '');
    if (typeof response.data === 'string' && /\bjson\b/.test(type)) {
      try {
        return { ...response, data: JSON.parse(response.data) as unknown };
      } catch {
        throw new GitHubError(route, 200, 'an answer that is not JSON');
      }
    }
    return response;
  }

  async function treeLevel(sha: string, prefix: string, recursive: boolean): Promise<TreeFile[]> {
    const { data } = await call('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      tree_sha: sha,
      ...(recursive ? { recursive: '1' } : {}),
    });
    const body = data as { tree?: Json[]; truncated?: boolean };
    const entries = body.tree ?? [];
    if (recursive && body.truncated !== true)
      return entries
        .filter((e) => e.type === 'blob')
        .map((e) => ({ path: String(e.path), sha: String(e.sha), mode: String(e.mode) }));
    // Truncated (over 100,000 entries or 7 MB): one directory at a time, depth-first.
    // https://docs.github.com/en/rest/git/trees#get-a-tree
    const files: TreeFile[] = [];
    for (const e of entries) {
      if (String(e.path).includes('/')) continue; // a truncated recursive listing's partial depth
      const path = `${prefix}${String(e.path)}`;
      if (e.type === 'blob') files.push({ path, sha: String(e.sha), mode: String(e.mode) });
      else if (e.type === 'tree') files.push(...(await treeLevel(String(e.sha), `${path}/`, false)));
    }
    return files;
  }

  async function readBlob(sha: string, path: string): Promise<string> {
    const { data } = await call('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { file_sha: sha });
    const body = data as { content?: string; encoding?: string };
    if (typeof body.content !== 'string')
      throw new GitHubError('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', 200, 'no content');
    return body.encoding === 'base64'
      ? decodeFileBytes(path, Buffer.from(body.content, 'base64'))
      : body.content;
  }

  return {
    async listPullFiles(pull) {
      const files: PullFile[] = [];
      const route = 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files';
      try {
        for await (const page of octokit.paginate.iterator(route, {
          owner,
          repo,
          pull_number: pull,
          per_page: 100,
        })) {
          for (const f of page.data as Json[]) {
            const file: PullFile = { filename: String(f.filename), status: String(f.status) };
            if (typeof f.previous_filename === 'string') file.previousFilename = f.previous_filename;
            if (typeof f.sha === 'string') file.sha = f.sha;
            files.push(file);
          }
          if (files.length >= PULL_FILES_CAP) break;
        }
      } catch (error) {
        throw toGitHubError(route, error);
      }
      return files;
    },

    async mergeBase(base, head) {
      const { data } = await call('GET /repos/{owner}/{repo}/compare/{basehead}', {
        basehead: `${base}...${head}`,
        per_page: 1,
      });
      const sha = ((data as Json).merge_base_commit as Json | undefined)?.sha;
      if (typeof sha !== 'string')
        throw new GitHubError(
          'GET /repos/{owner}/{repo}/compare/{basehead}',
          200,
          'no merge_base_commit.sha',
        );
      return sha;
    },

    async listTree(commit) {
      return treeLevel(commit, '', true);
    },

    async readFile(path, ref) {
      let data: unknown;
      try {
        // The object form says what the path is (file, symlink, dir, submodule) and which path answered.
        // It carries no content past 1 MB: then the blob is read by its SHA (any size).
        // https://docs.github.com/en/rest/repos/contents#get-repository-content
        ({ data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
          owner,
          repo,
          path,
          ref,
        }));
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return undefined;
        throw toGitHubError(`GET /repos/{owner}/{repo}/contents/${path}?ref=${ref}`, error);
      }
      if (Array.isArray(data)) return { refused: 'a folder' };
      const entry = data as Json;
      if (entry.type === 'symlink') return { refused: 'a symbolic link (GitHub type symlink)' };
      if (entry.type === 'submodule') return { refused: 'a submodule' };
      if (entry.type !== 'file' || typeof entry.sha !== 'string')
        return { refused: `not a regular file (GitHub type ${JSON.stringify(String(entry.type))})` };
      // A link to a file of the repository is answered with that file: its path gives the link away.
      if (entry.path !== path) return { refused: 'a symbolic link (GitHub answered with its target)' };
      const content = typeof entry.content === 'string' ? entry.content : '';
      if (entry.encoding === 'base64' && (content !== '' || entry.size === 0))
        return { text: decodeFileBytes(path, Buffer.from(content, 'base64')), sha: entry.sha };
      return { text: await readBlob(entry.sha, path), sha: entry.sha };
    },

    readBlob,

    async authenticatedUser() {
      try {
        const { data } = await octokit.request('GET /user');
        return identityOf(data);
      } catch (error) {
        // "Resource not accessible by integration": an installation token has no user to show.
        // https://docs.github.com/en/rest/users/users#get-the-authenticated-user
        if ((error as { status?: unknown }).status === 403) return undefined;
        throw toGitHubError('GET /user', error);
      }
    },

    async listComments(issue) {
      const route = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';
      const comments: IssueComment[] = [];
      try {
        for await (const page of octokit.paginate.iterator(route, {
          owner,
          repo,
          issue_number: issue,
          per_page: 100,
        }))
          for (const c of page.data as Json[]) comments.push(commentOf(c));
      } catch (error) {
        throw toGitHubError(route, error);
      }
      return comments;
    },

    async createComment(issue, body) {
      const { data } = await call('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        issue_number: issue,
        body,
      });
      return { ...commentOf(data as Json), body };
    },

    async updateComment(id, body) {
      await call('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { comment_id: id, body });
    },

    async deleteComment(id) {
      try {
        await octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
          owner,
          repo,
          comment_id: id,
        });
      } catch (error) {
        // Another run deleted it first: the goal (one comment) is reached.
        if ((error as { status?: unknown }).status !== 404)
          throw toGitHubError('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', error);
      }
    },
  };
}

function toGitHubError(route: string, error: unknown): GitHubError {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  return new GitHubError(route, typeof status === 'number' ? status : 0, message);
}
