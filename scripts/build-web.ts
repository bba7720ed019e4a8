/**
 * Builds the board page (src/web/page) into dist/web/board: esbuild bundles and minifies the
 * script and the styles, each named by a hash of its content (served as immutable), and the page
 * links them. Every file is also written brotli- and gzip-compressed, so the server sends the
 * smallest the browser takes without compressing per request. `npm run build:web`; part of
 * `npm run build`, `npm start` and the test suite's setup.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE = join(ROOT, 'src/web/page');
export const BOARD_PAGE_DIRECTORY = join(ROOT, 'dist/web/board');

function hashed(name: string, ext: string, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
  return `${name}.${hash}.${ext}`;
}

function write(directory: string, name: string, bytes: Uint8Array): void {
  writeFileSync(join(directory, name), bytes);
  writeFileSync(
    join(directory, `${name}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(directory, `${name}.gz`), gzipSync(bytes, { level: 9 }));
}

/** Bundles the page into `directory` (emptied first); returns the names written. */
export async function buildBoardPage(directory = BOARD_PAGE_DIRECTORY): Promise<string[]> {
  const result = await build({
    entryPoints: [join(PAGE, 'main.ts'), join(PAGE, 'board.css')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome100', 'safari15', 'firefox100'],
    write: false,
    outdir: 'out',
    legalComments: 'none',
    logLevel: 'silent',
  });
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const names: string[] = [];
  let script = '';
  let styles = '';
  for (const file of result.outputFiles) {
    const ext = file.path.endsWith('.css') ? 'css' : 'js';
    const name = hashed('app', ext, file.contents);
    write(directory, name, file.contents);
    names.push(name);
    if (ext === 'js') script = name;
    else styles = name;
  }
  const html = readFileSync(join(PAGE, 'index.html'), 'utf8')
    .replace('%SCRIPT%', script)
    .replace('%STYLES%', styles);
  write(directory, 'index.html', Buffer.from(html));
  names.push('index.html');
  return names;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = await buildBoardPage();
  process.stdout.write(`board page: ${names.join(', ')} in ${BOARD_PAGE_DIRECTORY}\n`);
}
