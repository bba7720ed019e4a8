/**
 * The board page's files (built by `npm run build:web` into dist/web/board), served from
 * memory: `<base>/board/` is the page (`<base>/board` redirects there), `<base>/board/<name>` its
 * hashed script and styles (cached
 * for a year: a new build has new names). Each is sent brotli- or gzip-compressed as the browser
 * accepts, from the build's own compressed copies.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../game/logger.js';
import type { Route } from './http.js';

/** Where the build puts the page (from src/web and dist/web alike). */
export const PAGE_DIRECTORY = fileURLToPath(new URL('../../dist/web/board/', import.meta.url));

interface PageFile {
  readonly type: string;
  /** The file's hash: a page kept in the browser's cache is checked, not sent again. */
  readonly etag: string;
  readonly plain: Buffer;
  readonly br?: Buffer;
  readonly gz?: Buffer;
}

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * The page's own inline scripts (by their hashes, from the build's csp.json) and Telegram's; the API
 * on the same origin; nothing else.
 */
function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  const script = ["'self'", ...scriptHashes, 'https://telegram.org'];
  return {
    'content-security-policy':
      `default-src 'self'; script-src ${script.join(' ')}; style-src 'self' 'unsafe-inline'; ` +
      "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
    // The URL may carry a board link's ticket: it goes nowhere else.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

/** The build's hashes of the page's inline scripts (none if the build wrote none). */
function scriptHashes(directory: string): string[] {
  try {
    const read = JSON.parse(readFileSync(join(directory, 'csp.json'), 'utf8')) as {
      scripts?: unknown;
    };
    return Array.isArray(read.scripts)
      ? read.scripts.filter((hash): hash is string => typeof hash === 'string')
      : [];
  } catch {
    return [];
  }
}

function loadFiles(directory: string): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  if (!existsSync(directory)) return files;
  for (const name of readdirSync(directory)) {
    const ext = name.split('.').pop() ?? '';
    const type = TYPES[ext];
    if (type === undefined) continue;
    const read = (suffix: string) =>
      existsSync(join(directory, name + suffix))
        ? readFileSync(join(directory, name + suffix))
        : undefined;
    const plain = readFileSync(join(directory, name));
    files.set(name, {
      type,
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 20)}"`,
      plain,
      br: read('.br'),
      gz: read('.gz'),
    });
  }
  return files;
}

export function pageFilesRoute(options: {
  readonly basePath: string;
  readonly logger: Logger;
  readonly directory?: string;
}): Route {
  const directory = options.directory ?? PAGE_DIRECTORY;
  const files = loadFiles(directory);
  const headers = securityHeaders(scriptHashes(directory));
  if (!files.has('index.html'))
    options.logger.warn(
      `web: the board page is not built (${directory}): run npm run build:web; /board answers 503`,
    );
  const page = `${options.basePath}/board`;
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://page.invalid').pathname;
    if (path !== page && path !== `${page}/` && !path.startsWith(`${page}/`)) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    // The page links its files relatively: it must be at `/board/` to find them.
    if (path === page) {
      const query = (request.url ?? '').split('?')[1];
      response.writeHead(308, { location: `${page}/${query === undefined ? '' : `?${query}`}` });
      response.end();
      return true;
    }
    const name = path === `${page}/` ? 'index.html' : path.slice(page.length + 1);
    const file = files.get(name);
    if (file === undefined) {
      response.writeHead(name === 'index.html' ? 503 : 404).end();
      return true;
    }
    // A page opened again costs a round trip, not the page: it is the same until a new build.
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, { etag: file.etag, 'cache-control': 'no-cache' }).end();
      return true;
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [body, encoding] =
      file.br !== undefined && /\bbr\b/.test(accepts)
        ? [file.br, 'br']
        : file.gz !== undefined && /\bgzip\b/.test(accepts)
          ? [file.gz, 'gzip']
          : [file.plain, undefined];
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      vary: 'accept-encoding',
      'cache-control': name === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
      etag: file.etag,
      ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
      ...headers,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}
