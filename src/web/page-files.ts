/**
 * The board page (built by `npm run build:web` into dist/web/board: one index.html with its
 * script and styles inline), served from memory at `<base>/board/` (`<base>/board` redirects
 * there), brotli- or gzip-compressed as the browser accepts, from the build's own copies.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../game/logger.js';
import type { Route } from './http.js';

/** Where the build puts the page (from src/web and dist/web alike). */
export const PAGE_DIRECTORY = fileURLToPath(new URL('../../dist/web/board/', import.meta.url));

/** The built page: as it is, and its compressed copies. */
interface PageFile {
  /** Its hash: a page kept in the browser's cache is checked, not sent again. */
  readonly etag: string;
  readonly plain: Buffer;
  readonly br?: Buffer;
  readonly gz?: Buffer;
}

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

/** The built page (index.html and its .br and .gz), if the build has run. */
function loadPage(directory: string): PageFile | undefined {
  const file = join(directory, 'index.html');
  if (!existsSync(file)) return undefined;
  const read = (suffix: string) =>
    existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
  const plain = readFileSync(file);
  return {
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 20)}"`,
    plain,
    br: read('.br'),
    gz: read('.gz'),
  };
}

export function pageFilesRoute(options: {
  readonly basePath: string;
  readonly logger: Logger;
  readonly directory?: string;
}): Route {
  const directory = options.directory ?? PAGE_DIRECTORY;
  const file = loadPage(directory);
  const headers = securityHeaders(scriptHashes(directory));
  if (file === undefined)
    options.logger.warn(
      `web: the board page is not built (${directory}): run npm run build:web; /board answers 503`,
    );
  const page = `${options.basePath}/board`;
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://page.invalid').pathname;
    if (path !== page && !path.startsWith(`${page}/`)) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    // One address for the page, whatever the link said.
    if (path === page) {
      const query = (request.url ?? '').split('?')[1];
      response.writeHead(308, { location: `${page}/${query === undefined ? '' : `?${query}`}` });
      response.end();
      return true;
    }
    if (path !== `${page}/`) {
      response.writeHead(404).end();
      return true;
    }
    if (file === undefined) {
      response.writeHead(503).end();
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
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      vary: 'accept-encoding',
      'cache-control': 'no-cache',
      etag: file.etag,
      ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
      ...headers,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}
