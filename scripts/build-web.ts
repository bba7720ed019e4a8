/**
 * Builds the board page (src/web/page) into dist/web/board: esbuild bundles and minifies the
 * script and the styles into the page itself, which is also written brotli- and
 * gzip-compressed, so the server sends the smallest the browser takes without compressing per
 * request. `npm run build:web`; part of
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

function write(directory: string, name: string, bytes: Uint8Array): void {
  writeFileSync(join(directory, name), bytes);
  writeFileSync(
    join(directory, `${name}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(directory, `${name}.gz`), gzipSync(bytes, { level: 9 }));
}

/** A CSP source for an inline script: its SHA-256. */
function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * Bundles the page into `directory` (emptied first): one index.html with its script and styles
 * inline (a phone on a slow network waits one round trip for the page, not two), compressed
 * copies, and csp.json (the inline scripts' hashes, for the Content-Security-Policy the server
 * sends). Returns the names written.
 */
export async function buildBoardPage(directory = BOARD_PAGE_DIRECTORY): Promise<string[]> {
  const bundle = async (entry: string, format: 'esm' | 'iife') =>
    (
      await build({
        entryPoints: [join(PAGE, entry)],
        bundle: true,
        minify: true,
        format,
        platform: 'browser',
        target: ['chrome100', 'safari15', 'firefox100'],
        write: false,
        outdir: 'out',
        legalComments: 'none',
        logLevel: 'silent',
      })
    ).outputFiles.map((file) => new TextDecoder().decode(file.contents).trim())[0]!;
  // Nothing inline may close its element early.
  const inline = (text: string, element: string) =>
    text.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');
  const script = inline(await bundle('main.ts', 'esm'), 'script');
  const styles = inline(await bundle('board.css', 'esm'), 'style');
  // The sign-in's starter, run first (a classic script: it must not wait for the page).
  const starter = inline(await bundle('boot.ts', 'iife'), 'script');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const html = readFileSync(join(PAGE, 'index.html'), 'utf8')
    .replace(/<script src="%BOOT%"><\/script>/, () => `<script>${starter}</script>`)
    .replace(/<link rel="stylesheet" href="%STYLES%" \/>/, () => `<style>${styles}</style>`)
    .replace(
      /<script type="module" src="%SCRIPT%"><\/script>/,
      () => `<script type="module">${script}</script>`,
    );
  if (['%BOOT%', '%SCRIPT%', '%STYLES%'].some((mark) => html.includes(mark)))
    throw new Error('build-web: index.html lost its script or styles placeholders');
  write(directory, 'index.html', Buffer.from(html));
  writeFileSync(
    join(directory, 'csp.json'),
    JSON.stringify({ scripts: [cspHash(starter), cspHash(script)] }),
  );
  return ['index.html', 'csp.json'];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = await buildBoardPage();
  // `npm start` builds quietly: local play owns the terminal.
  if (!process.argv.includes('--quiet'))
    process.stdout.write(`board page: ${names.join(', ')} in ${BOARD_PAGE_DIRECTORY}\n`);
}
