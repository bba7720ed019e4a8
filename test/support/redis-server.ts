import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A throw-away redis-server for one test file: its own free port on 127.0.0.1, no persistence,
 * a temporary directory. Never the shared Redis on 6379.
 */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /**
   * Kills the server (SIGKILL) and removes its directory, unless `keepDirectory` (a crashed
   * cluster node keeps its nodes.conf); safe to call twice.
   */
  stop(options?: { readonly keepDirectory?: boolean }): Promise<void>;
  /**
   * Starts the server again on the same port after `stop()`: a dead Redis coming back, empty
   * (nothing is persisted); in its old directory if that was kept, so that a cluster node
   * rejoins its cluster as the node it was.
   */
  restart(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

// Servers still running when the test process exits (a crash, a missing afterAll) are killed
// here, synchronously, so a test run never leaves redis-server processes behind.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** A port of 127.0.0.1 that nothing listens on (just now). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when something on the port answers PING with +PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      // A server with a password answers NOAUTH: it is up all the same.
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
  });
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Spawned {
  child: ChildProcess;
  dir: string;
  exited: Promise<void>;
  /** The directory stays when the server exits (for a restart in it). */
  keep: { directory: boolean };
}

async function spawnServer(
  port: number,
  extraArgs: readonly string[],
  dir = mkdtempSync(join(tmpdir(), 'bashni-redis-')),
): Promise<Spawned> {
  installExitHook();
  const keep = { directory: false };
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let log = '';
  const keepLog = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout.on('data', keepLog);
  child.stderr.on('data', keepLog);
  let hasExited = false as boolean; // set by the exit handler while the loop awaits
  const exited = new Promise<void>((resolve) => {
    const gone = (): void => {
      hasExited = true;
      running.delete(child);
      if (!keep.directory) rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    child.once('exit', gone);
    child.once('error', gone);
  });

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`redis-server on port ${port} exited at start:\n${log}`);
    if (await answersPing(port)) return { child, dir, exited, keep };
    await delay(30);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`redis-server on port ${port} did not answer PING in time:\n${log}`);
}

async function killServer(spawned: Spawned): Promise<void> {
  if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) {
    await spawned.exited;
    return;
  }
  // SIGKILL: the abrupt death a dead-Redis test wants, and nothing to save anyway.
  spawned.child.kill('SIGKILL');
  await spawned.exited;
}

export interface RedisServerOptions {
  /** requirepass: clients must AUTH (the URL carries it). */
  readonly password?: string;
  /**
   * More redis-server arguments (`--replicaof ...`, `--cluster-enabled yes`), made anew for each
   * try at starting (a try may need ports of its own, such as a cluster's bus port).
   */
  readonly args?: () => Promise<readonly string[]> | readonly string[];
}

/**
 * Starts a private redis-server. Another process may grab the chosen port between the check and
 * the spawn (test files run in parallel), so a failed start is retried on a new port.
 */
export async function startRedis(options: RedisServerOptions = {}): Promise<PrivateRedis> {
  let port = 0;
  let args: readonly string[] = [];
  let current: Spawned | undefined;
  let keptDirectory: string | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < 5 && current === undefined; attempt++) {
    port = await freePort();
    try {
      args = [
        ...((await options.args?.()) ?? []),
        ...(options.password === undefined ? [] : ['--requirepass', options.password]),
      ];
      current = await spawnServer(port, args);
    } catch (error) {
      lastError = error;
    }
  }
  if (current === undefined) throw lastError;

  return {
    url:
      options.password === undefined
        ? `redis://127.0.0.1:${port}`
        : `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    port,
    async stop(options = {}) {
      const spawned = current;
      current = undefined;
      if (spawned === undefined) return;
      spawned.keep.directory = options.keepDirectory === true;
      if (spawned.keep.directory) keptDirectory = spawned.dir;
      await killServer(spawned);
    },
    async restart() {
      if (current !== undefined) throw new Error('restart() needs stop() first');
      // The port was ours a moment ago; give the kernel a few tries to hand it back.
      let error: unknown;
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          current = await spawnServer(port, args, keptDirectory);
          keptDirectory = undefined;
          return;
        } catch (caught) {
          error = caught;
          await delay(100);
        }
      }
      throw error;
    },
  };
}

/**
 * Starts a private redis-server as a read-only replica of `master` (as a failover leaves a
 * client that still points at the old master: reads work, writes get READONLY).
 */
export function startReplica(master: PrivateRedis): Promise<PrivateRedis> {
  return startRedis({ args: () => ['--replicaof', '127.0.0.1', String(master.port)] });
}

/**
 * For a describe block: a private master and a read-only replica of it, started before its tests
 * and stopped after them. The getters work from beforeAll on.
 */
export function useReplicaPair(): { master: () => PrivateRedis; replica: () => PrivateRedis } {
  let master: PrivateRedis | undefined;
  let replica: PrivateRedis | undefined;
  beforeAll(async () => {
    master = await startRedis();
    replica = await startReplica(master);
  });
  afterAll(async () => {
    await replica?.stop();
    await master?.stop();
  });
  const started = (server: PrivateRedis | undefined) => {
    if (server === undefined) throw new Error('useReplicaPair: not started yet');
    return server;
  };
  return { master: () => started(master), replica: () => started(replica) };
}
