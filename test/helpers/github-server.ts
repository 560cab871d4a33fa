import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A GitHub REST server on 127.0.0.1 for the Action's tests, speaking the real wire format of the calls
 * the Action makes: git trees and blobs by SHA (git's own blob SHAs), contents by ref (JSON, which
 * carries no content past 1 MB, or the raw media type), compare (merge base), a pull request's files
 * (Link-header pagination, 3,000 files at most), issue comments (list, create, update, delete; each
 * with its author's `user`: login, id, type) and the token's own user (`GET /user`, refused to
 * installation tokens). Tokens are read-write or read-only (a fork PR's token): writes with a
 * read-only token get GitHub's 403. Each token writes as its identity (USERS).
 */
export interface FakeGitHub {
  url: string;
  owner: string;
  repo: string;
  /**
   * Records a commit holding exactly `files` (path -> text, or a symbolic link to a target path, stored
   * as git does: mode 120000, the blob holding the target) on top of `parent`; returns its SHA.
   */
  commit(files: Record<string, string | Buffer | { symlink: string }>, parent?: string): string;
  branch(name: string, sha: string): void;
  /** Opens PR `number` from `head` onto `base` (SHAs). */
  pull(number: number, base: string, head: string): void;
  comments(issue: number): { id: number; body: string; login: string }[];
  /** A comment written by `user` (default: the workflow token's bot, as an earlier run would have). */
  addComment(issue: number, body: string, user?: GitHubUser): number;
  /** The next `times` requests are answered `status` (with `headers`), as GitHub does when it struggles. */
  fail(times: number, status: number, headers?: Record<string, string>): void;
  /** The next `times` comments are recorded, then the connection is cut before the answer (a lost answer). */
  dropCommentAnswers(times: number): void;
  /** Every request: `METHOD /path?query`. */
  log: string[];
  close(): Promise<void>;
}

export const TOKENS = {
  write: 'ghs_writeTokenForTests0001',
  read: 'ghs_readOnlyForkToken0002',
  /** A personal access token of USERS.ci. */
  personal: 'ghp_personalTokenForTests0003',
  /** A GitHub App's installation token: writes as USERS.app. */
  app: 'ghs_appInstallationToken0004',
} as const;

/** A comment's `user` as GitHub sends it (simple-user). */
export interface GitHubUser {
  login: string;
  id: number;
  type: 'User' | 'Bot' | 'Organization';
}

/**
 * Who writes: the installation tokens (GITHUB_TOKEN) write as `github-actions[bot]`, whose `GET /user`
 * is refused; a personal token writes as its account.
 */
export const USERS = {
  actions: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
  ci: { login: 'depgate-ci', id: 5150, type: 'User' },
  octocat: { login: 'octocat', id: 583231, type: 'User' },
  app: { login: 'depgate-app[bot]', id: 90210, type: 'Bot' },
} as const satisfies Record<string, GitHubUser>;

const userJson = (u: GitHubUser) => ({
  login: u.login,
  id: u.id,
  node_id: u.type === 'Bot' ? 'MDM6Qm90NDE4OTgyODI=' : `U_test${u.id}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${u.id}?v=4`,
  url: `https://api.github.com/users/${encodeURIComponent(u.login)}`,
  html_url:
    u.type === 'Bot'
      ? `https://github.com/apps/${u.login.replace(/\[bot\]$/, '')}`
      : `https://github.com/${u.login}`,
  type: u.type,
  site_admin: false,
});

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');
const blobSha = (content: Buffer) => sha1(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]));

interface Commit {
  files: Map<string, string>; // path -> blob sha
  links: Set<string>; // paths that are symbolic links (mode 120000)
  parent?: string;
}

/** A link's target as a repository path (`a/b` -> `../c` is `c`), or undefined when it leaves the repository. */
function linkTarget(link: string, target: string): string | undefined {
  if (target.startsWith('/')) return undefined;
  const parts = link.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const DOCS = 'https://docs.github.com/rest';

export async function startFakeGitHub(
  owner = 'acme',
  repo = 'web',
  options: {
    onRequest?: (line: string) => void;
    /** Asked for each comment created: a status to answer instead (nothing recorded), or 'drop' (recorded, answer lost). */
    randomCommentFault?: () => { status: number; headers?: Record<string, string> } | 'drop' | undefined;
    /**
     * GitHub's clock: when given, comments are stamped by it and listing them honours `since`, as GitHub
     * does (without it, comments get fixed past dates and `since` is ignored).
     */
    clock?: () => number;
    /** Asked for each listing of comments: a status to answer instead (the thread cannot be read back). */
    commentListFault?: () => number | undefined;
  } = {},
): Promise<FakeGitHub> {
  const blobs = new Map<string, Buffer>();
  const commits = new Map<string, Commit>();
  const branches = new Map<string, string>();
  const pulls = new Map<number, { base: string; head: string }>();
  interface StoredComment {
    id: number;
    body: string;
    created_at: string;
    updated_at: string;
    user: GitHubUser;
  }
  const comments = new Map<number, StoredComment[]>();
  const commentJson = (issue: number, c: StoredComment) => ({
    url: `${url}/repos/${owner}/${repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${owner}/${repo}/pull/${issue}#issuecomment-${c.id}`,
    issue_url: `${url}/repos/${owner}/${repo}/issues/${issue}`,
    id: c.id,
    node_id: `IC_test${c.id}`,
    user: userJson(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    body: c.body,
    performed_via_github_app: null,
  });
  const log: string[] = [];
  let nextComment = 1000;
  let failures: { times: number; status: number; headers: Record<string, string> } = {
    times: 0,
    status: 0,
    headers: {},
  };
  let counter = 0;
  let dropAnswers = 0;

  function resolveRef(ref: string): Commit | undefined {
    return commits.get(branches.get(ref) ?? ref);
  }
  function ancestors(sha: string): string[] {
    const out: string[] = [];
    for (let c: string | undefined = sha; c !== undefined; c = commits.get(c)?.parent) out.push(c);
    return out;
  }
  function mergeBase(base: string, head: string): string | undefined {
    const heads = new Set(ancestors(head));
    return ancestors(base).find((c) => heads.has(c));
  }
  function changedFiles(base: string, head: string) {
    const a = commits.get(base)!.files;
    const b = commits.get(head)!.files;
    const out: Record<string, unknown>[] = [];
    // GitHub lists a file removed and one added with the same content as one rename (exact renames only here).
    const removedBySha = new Map<string, string>();
    for (const [path, sha] of a) if (!b.has(path) && !removedBySha.has(sha)) removedBySha.set(sha, path);
    const renamedFrom = new Map<string, string>();
    for (const [path, sha] of b) {
      const from = removedBySha.get(sha);
      if (a.has(path) || from === undefined) continue;
      renamedFrom.set(path, from);
      removedBySha.delete(sha);
    }
    const renamedAway = new Set(renamedFrom.values());
    for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const [x, y] = [a.get(path), b.get(path)];
      if (x === y || renamedAway.has(path)) continue;
      const previous = renamedFrom.get(path);
      const status =
        previous !== undefined
          ? 'renamed'
          : x === undefined
            ? 'added'
            : y === undefined
              ? 'removed'
              : 'modified';
      out.push({
        sha: y ?? x,
        filename: path,
        ...(previous === undefined ? {} : { previous_filename: previous }),
        status,
        additions: 1,
        deletions: status === 'added' ? 0 : 1,
        changes: 2,
        blob_url: `https://github.com/${owner}/${repo}/blob/${head}/${path}`,
        raw_url: `https://github.com/${owner}/${repo}/raw/${head}/${path}`,
        contents_url: `${url}/repos/${owner}/${repo}/contents/${path}?ref=${head}`,
      });
    }
    return out;
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-media-type': 'github.v3; format=json',
      ...headers,
    });
    res.end(text);
  };
  const error = (res: ServerResponse, status: number, message: string, doc = DOCS) =>
    send(res, status, { message, documentation_url: doc, status: String(status) });

  function paginate(req: URL, res: ServerResponse, items: unknown[]) {
    const perPage = Math.min(100, Math.max(1, Number(req.searchParams.get('per_page') ?? 30)));
    const page = Math.max(1, Number(req.searchParams.get('page') ?? 1));
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (p: number, rel: string) => {
      const u = new URL(req.toString());
      u.searchParams.set('page', String(p));
      u.searchParams.set('per_page', String(perPage));
      return `<${url}${u.pathname}${u.search}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page > 1) links.push(link(page - 1, 'prev'), link(1, 'first'));
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    send(
      res,
      200,
      items.slice((page - 1) * perPage, page * perPage),
      links.length > 0 ? { link: links.join(', ') } : {},
    );
  }

  async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return chunks.length === 0
      ? {}
      : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    log.push(`${method} ${u.pathname}${u.search}`);
    options.onRequest?.(`${method} ${u.pathname}${u.search}`);
    if (failures.times > 0) {
      failures.times--;
      return send(res, failures.status, { message: 'Server Error' }, failures.headers);
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.replace(/^(token|bearer) /i, '');
    if (!(Object.values(TOKENS) as string[]).includes(token)) return error(res, 401, 'Bad credentials');
    const writer: GitHubUser =
      token === TOKENS.personal ? USERS.ci : token === TOKENS.app ? USERS.app : USERS.actions;
    if (method === 'GET' && u.pathname === '/user') {
      // An installation token has no user: https://docs.github.com/rest/users/users#get-the-authenticated-user
      if (token !== TOKENS.personal)
        return error(
          res,
          403,
          'Resource not accessible by integration',
          `${DOCS}/users/users#get-the-authenticated-user`,
        );
      return send(res, 200, { ...userJson(USERS.ci), name: 'depgate CI', public_repos: 0 });
    }
    const prefix = `/repos/${owner}/${repo}/`;
    if (!u.pathname.startsWith(prefix)) return error(res, 404, 'Not Found');
    const rest = u.pathname.slice(prefix.length);
    let m: RegExpMatchArray | null;

    if (method === 'GET' && (m = rest.match(/^git\/trees\/([^/]+)$/))) {
      const commit = resolveRef(decodeURIComponent(m[1]!));
      if (commit === undefined) return error(res, 404, 'Not Found');
      const recursive = u.searchParams.has('recursive');
      const dirs = new Set<string>();
      const tree: Record<string, unknown>[] = [];
      for (const [path, sha] of [...commit.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const parts = path.split('/');
        for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
        if (recursive || parts.length === 1)
          tree.push({
            path,
            mode: commit.links.has(path) ? '120000' : '100644',
            type: 'blob',
            sha,
            size: blobs.get(sha)!.length,
          });
      }
      for (const dir of dirs)
        if (recursive || !dir.includes('/'))
          tree.push({ path: dir, mode: '040000', type: 'tree', sha: sha1(`tree ${dir}`) });
      return send(res, 200, { sha: sha1(String(m[1])), url: u.toString(), tree, truncated: false });
    }
    if (method === 'GET' && (m = rest.match(/^git\/blobs\/([0-9a-f]{40})$/))) {
      const content = blobs.get(m[1]!);
      if (content === undefined) return error(res, 404, 'Not Found');
      return send(res, 200, {
        sha: m[1],
        node_id: 'B_test',
        size: content.length,
        url: u.toString(),
        content: content.toString('base64').replace(/.{60}/g, '$&\n'),
        encoding: 'base64',
      });
    }
    if (method === 'GET' && (m = rest.match(/^contents\/(.+)$/))) {
      const asked = m[1]!.split('/').map(decodeURIComponent).join('/');
      const commit = resolveRef(u.searchParams.get('ref') ?? 'main');
      let path = asked;
      let sha = commit?.files.get(path);
      if (sha === undefined)
        return error(res, 404, 'Not Found', `${DOCS}/repos/contents#get-repository-content`);
      const raw = /application\/vnd\.github(\.v3)?\.raw/.test(req.headers.accept ?? '');
      if (commit!.links.has(path)) {
        // "If the requested {path} points to a symlink, and the symlink's target is a normal file in the
        // repository, then the API responds with the content of the file. Otherwise, the API responds
        // with an object describing the symlink itself."
        const target = blobs.get(sha)!.toString('utf8');
        const resolved = linkTarget(path, target);
        const file = resolved === undefined ? undefined : commit!.files.get(resolved);
        if (resolved !== undefined && file !== undefined && !commit!.links.has(resolved)) {
          path = resolved;
          sha = file;
        } else if (!raw) {
          return send(res, 200, {
            type: 'symlink',
            target,
            name: asked.split('/').pop(),
            path: asked,
            sha,
            size: blobs.get(sha)!.length,
          });
        }
      }
      const content = blobs.get(sha)!;
      if (raw) {
        res.writeHead(200, { 'content-type': 'application/vnd.github.raw; charset=utf-8' });
        return res.end(content);
      }
      // Past 1 MB the JSON form has an empty content and encoding "none".
      const big = content.length > 1024 * 1024;
      return send(res, 200, {
        type: 'file',
        name: path.split('/').pop(),
        path,
        sha,
        size: content.length,
        encoding: big ? 'none' : 'base64',
        content: big ? '' : content.toString('base64'),
      });
    }
    if (method === 'GET' && (m = rest.match(/^compare\/(.+)\.\.\.(.+)$/))) {
      const base = branches.get(decodeURIComponent(m[1]!)) ?? decodeURIComponent(m[1]!);
      const head = branches.get(decodeURIComponent(m[2]!)) ?? decodeURIComponent(m[2]!);
      if (!commits.has(base) || !commits.has(head)) return error(res, 404, 'Not Found');
      const mb = mergeBase(base, head);
      if (mb === undefined) return error(res, 404, 'No common ancestor between base and head.');
      return send(res, 200, {
        status: 'ahead',
        merge_base_commit: { sha: mb },
        base_commit: { sha: base },
        files: changedFiles(mb, head).slice(0, 300),
      });
    }
    if (method === 'GET' && (m = rest.match(/^pulls\/(\d+)\/files$/))) {
      const pull = pulls.get(Number(m[1]));
      if (pull === undefined) return error(res, 404, 'Not Found');
      // "Responses include a maximum of 3000 files."
      const files = changedFiles(mergeBase(pull.base, pull.head)!, pull.head).slice(0, 3000);
      return paginate(u, res, files);
    }
    if ((m = rest.match(/^issues\/(\d+)\/comments$/))) {
      const issue = Number(m[1]);
      const list = comments.get(issue) ?? [];
      const listFault = method === 'GET' ? options.commentListFault?.() : undefined;
      if (listFault !== undefined)
        return send(res, listFault, { message: 'Server Error', documentation_url: DOCS });
      const since = options.clock && u.searchParams.get('since');
      if (method === 'GET')
        return paginate(
          u,
          res,
          list
            .filter((c) => !since || c.created_at >= new Date(since).toISOString())
            .map((c) => commentJson(issue, c)),
        );
      if (method === 'POST') {
        if (token === TOKENS.read)
          return error(
            res,
            403,
            'Resource not accessible by integration',
            `${DOCS}/issues/comments#create-an-issue-comment`,
          );
        const text = (await body(req)).body;
        if (typeof text !== 'string') return error(res, 422, 'Invalid request.\n\n"body" wasn\'t supplied.');
        const chaos = options.randomCommentFault?.();
        if (chaos !== undefined && chaos !== 'drop')
          return send(
            res,
            chaos.status,
            {
              message: chaos.status === 403 ? 'You have exceeded a secondary rate limit' : 'Server Error',
              documentation_url: DOCS,
            },
            chaos.headers ?? {},
          );
        if (text.length > 65536)
          return error(res, 422, 'Validation Failed: body is too long (maximum is 65536 characters)');
        const at = new Date(options.clock?.() ?? Date.UTC(2026, 10, 24, 0, 0, counter++)).toISOString();
        const c: StoredComment = {
          id: nextComment++,
          body: text,
          created_at: at,
          updated_at: at,
          user: writer,
        };
        comments.set(issue, [...list, c]);
        if (dropAnswers > 0 || chaos === 'drop') {
          if (chaos !== 'drop') dropAnswers--;
          req.socket.destroy();
          return;
        }
        return send(res, 201, commentJson(issue, c));
      }
    }
    if ((m = rest.match(/^issues\/comments\/(\d+)$/))) {
      const id = Number(m[1]);
      const entry = [...comments].find(([, list]) => list.some((c) => c.id === id));
      if (entry === undefined) return error(res, 404, 'Not Found');
      if (token === TOKENS.read) return error(res, 403, 'Resource not accessible by integration');
      const [issue, list] = entry;
      if (method === 'PATCH') {
        const text = (await body(req)).body;
        if (typeof text !== 'string' || text.length > 65536) return error(res, 422, 'Validation Failed');
        // GitHub lets a token with write access edit anyone's comment: only the caller can refuse to.
        const c = list.find((x) => x.id === id)!;
        c.body = text;
        c.updated_at = new Date(Date.UTC(2026, 10, 24, 0, 0, counter++)).toISOString();
        return send(res, 200, commentJson(issue, c));
      }
      if (method === 'DELETE') {
        comments.set(
          issue,
          list.filter((c) => c.id !== id),
        );
        res.writeHead(204);
        return res.end();
      }
    }
    return error(res, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => error(res, 500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    owner,
    repo,
    commit(files, parent) {
      const map = new Map<string, string>();
      const links = new Set<string>();
      for (const [path, entry] of Object.entries(files)) {
        const content = Buffer.isBuffer(entry)
          ? entry
          : Buffer.from(typeof entry === 'string' ? entry : entry.symlink, 'utf8');
        const sha = blobSha(content);
        blobs.set(sha, content);
        map.set(path, sha);
        if (typeof entry !== 'string' && !Buffer.isBuffer(entry)) links.add(path);
      }
      const sha = sha1(`commit ${parent ?? ''} ${[...map].join(',')} ${[...links].join(',')} ${counter++}`);
      commits.set(sha, parent === undefined ? { files: map, links } : { files: map, links, parent });
      return sha;
    },
    branch(name, sha) {
      branches.set(name, sha);
    },
    pull(number, base, head) {
      pulls.set(number, { base, head });
    },
    dropCommentAnswers: (times) => {
      dropAnswers = times;
    },
    comments: (issue) =>
      (comments.get(issue) ?? []).map(({ id, body, user }) => ({ id, body, login: user.login })),
    addComment(issue, text, user = USERS.actions) {
      const at = new Date().toISOString();
      const c: StoredComment = { id: nextComment++, body: text, created_at: at, updated_at: at, user };
      comments.set(issue, [...(comments.get(issue) ?? []), c]);
      return c.id;
    },
    fail(times, status, headers = {}) {
      failures = { times, status, headers };
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
