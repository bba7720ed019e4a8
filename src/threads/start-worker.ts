/**
 * Starts a worker thread from a module next to the caller's, TypeScript or compiled. In
 * production the app runs compiled (`node dist/main.js`, see tsconfig.build.json): the caller is
 * a `.js` file and its worker starts as a plain `new Worker(url)`. From sources (`npm start`,
 * `npm run cli`, the tests) the caller is `.ts`, run by tsx or vitest; a worker inherits
 * neither, and Node 20 does not apply `--import` hooks to a worker's entry module, so a
 * TypeScript worker starts from a tiny script that registers tsx's loader (a dev dependency,
 * absent from a production install) and then imports the module. Used by the AI, render and
 * puzzle-miner pools.
 */
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker running `./<name>.ts` or `./<name>.js` beside `callerUrl` (the caller's
 * `import.meta.url`), whichever the caller is. To keep it from holding the process open, unref
 * it after adding its 'message' listener: adding one refs the worker again.
 */
export function startWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  const extension = extname(fileURLToPath(callerUrl));
  const url = new URL(`./${name}${extension}`, callerUrl);
  return extension === '.ts'
    ? new Worker(
        `import(${JSON.stringify(tsxApi())})` +
          `.then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`,
        { eval: true, execArgv: [], workerData },
      )
    : new Worker(url, { execArgv: [], workerData });
}

let api: string | undefined;

/** The file URL of tsx's ESM API module (`tsx/esm/api`, import condition) in this package. */
function tsxApi(): string {
  if (api === undefined) {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('tsx/package.json');
    const exports = (require('tsx/package.json') as TsxManifest).exports['./esm/api'];
    api = new URL(exports.import.default, pathToFileURL(manifest)).href;
  }
  return api;
}

interface TsxManifest {
  exports: { './esm/api': { import: { default: string } } };
}
