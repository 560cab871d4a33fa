import { GitHubError } from './github-error.js';

/** A file of a pull request's file list. */
export interface PullFile {
  filename: string;
  status: string;
  previousFilename?: string;
}

/** A file (blob) of a commit's tree. */
export interface TreeFile {
  path: string;
  sha: string;
}

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
  /** A file's text at a commit, any size (raw media type); undefined when the file does not exist there. */
  readFile(path: string, ref: string): Promise<string | undefined>;
  /** A blob's text by its SHA (blobs API, any size). */
  readBlob(sha: string): Promise<string>;
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

const decoder = new TextDecoder('utf-8', { fatal: false });
const asText = (data: unknown): string =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? decoder.decode(data)
      : ArrayBuffer.isView(data)
        ? decoder.decode(data)
        : JSON.stringify(data);

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
    try {
      return await octokit.request(route, { owner, repo, ...params });
    } catch (error) {
      throw toGitHubError(route, error);
    }
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
        .map((e) => ({ path: String(e.path), sha: String(e.sha) }));
    // Truncated (over 100,000 entries or 7 MB): one directory at a time, depth-first.
    // https://docs.github.com/en/rest/git/trees#get-a-tree
    const files: TreeFile[] = [];
    for (const e of entries) {
      if (String(e.path).includes('/')) continue; // a truncated recursive listing's partial depth
      const path = `${prefix}${String(e.path)}`;
      if (e.type === 'blob') files.push({ path, sha: String(e.sha) });
      else if (e.type === 'tree') files.push(...(await treeLevel(String(e.sha), `${path}/`, false)));
    }
    return files;
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
      try {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
          owner,
          repo,
          path,
          ref,
          // The JSON form carries no content past 1 MB; the raw form serves files up to 100 MB.
          // https://docs.github.com/en/rest/repos/contents#get-repository-content
          mediaType: { format: 'raw' },
        });
        return asText(data);
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return undefined;
        throw toGitHubError(`GET /repos/{owner}/{repo}/contents/${path}?ref=${ref}`, error);
      }
    },

    async readBlob(sha) {
      const { data } = await call('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { file_sha: sha });
      const body = data as { content?: string; encoding?: string };
      if (typeof body.content !== 'string')
        throw new GitHubError('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', 200, 'no content');
      return body.encoding === 'base64' ? Buffer.from(body.content, 'base64').toString('utf8') : body.content;
    },

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
