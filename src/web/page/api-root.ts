/**
 * Where the API lives: the page is served at `<base>/board` and the base may carry a path prefix
 * behind a proxy (https://x.example/bashni/board), so the API root is the page's path without
 * its trailing `/board…`.
 */

/** The API root for the page at `pathname`: "" at the origin's root, else "/prefix". */
export function apiRoot(pathname: string): string {
  // The last `/board` segment, followed by at most a file name (`/board/`, `/board/index.html`).
  const match = /^(.*)\/board(?:\/[^/]*)?$/.exec(pathname);
  const base = match === null ? pathname : match[1]!;
  return base.replace(/\/+$/, '');
}
