import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A well-formed bot token, and its secret part (which must never be printed). */
export const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
export const TOKEN_SECRET = TOKEN.slice(TOKEN.indexOf(':') + 1);
// By absolute path, so that the app also starts from another working directory.
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(ROOT, 'src/main.ts');

export interface StartedApp {
  readonly child: ChildProcess;
  /** Standard output and error so far, interleaved. */
  output(): string;
  readonly exited: Promise<number | null>;
}

/**
 * Runs `npm start`'s command (after its board page build, which the tests that serve the page do
 * themselves), `node --import tsx src/main.ts [args]` (or another entry point,
 * `script`, e.g. `src/worker.ts` for `npm run worker`), with only PATH, HOME,
 * METRICS_PORT=0 (app processes run side by side; a test may ask for a port) and `env` in its
 * environment, from the repository root unless `cwd` is given (`nodeArgs` go to node itself,
 * e.g. a profiler's flags).
 */
export function startApp(
  env: Record<string, string>,
  options: { args?: string[]; cwd?: string; nodeArgs?: string[]; script?: string } = {},
): StartedApp {
  const script = options.script === undefined ? MAIN : join(ROOT, options.script);
  const argv = [
    ...(options.nodeArgs ?? []),
    '--import',
    TSX_LOADER,
    script,
    ...(options.args ?? []),
  ];
  return spawnApp(process.execPath, argv, env, options.cwd ?? ROOT);
}

/**
 * Runs `command` as a Dockerfile's exec form gives it (`["node", "dist/main.js"]`) in `cwd`
 * (default: the repository root), with `node` standing for the executable `node` (default: this
 * one) and only PATH, HOME and `env` in its environment.
 */
export function startCommand(
  command: readonly string[],
  env: Record<string, string>,
  node = process.execPath,
  cwd = ROOT,
): StartedApp {
  const [executable, ...argv] = command;
  if (executable !== 'node') throw new Error(`not a node command: ${command.join(' ')}`);
  return spawnApp(node, argv, env, cwd);
}

function spawnApp(
  executable: string,
  argv: readonly string[],
  env: Record<string, string>,
  cwd: string,
): StartedApp {
  const child = spawn(executable, argv, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', METRICS_PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

/** One line of the app's log (pino's JSON). */
export interface LogLine {
  readonly level: number;
  readonly component?: string;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** What the app printed, as log lines; throws on a line that is not JSON. */
export function logLines(app: StartedApp): LogLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

/** Kills the apps (and empties the list) and waits until each has exited. */
export async function killAll(apps: StartedApp[]): Promise<void> {
  for (const app of apps.splice(0)) {
    const exited = app.exited;
    app.child.kill('SIGKILL');
    await exited;
  }
}

/** A port of 127.0.0.1 that nothing listens on (just now). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** Resolves once the app's output matches `pattern`; fails after `ms`. */
export async function outputMatches(app: StartedApp, pattern: RegExp, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(app.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
