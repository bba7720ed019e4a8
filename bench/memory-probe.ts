/**
 * What a bot process holds, seen from outside: its RSS (and that of its child processes) from
 * /proc, and its main thread's heap through the inspector (`node --inspect=127.0.0.1:0`, a
 * flag of the benchmark's, not a setting of the bot): `process.memoryUsage()` evaluated in the
 * process, and a full garbage collection (HeapProfiler.collectGarbage) without --expose-gc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';

/** One /proc/<pid>/status: resident memory in bytes (anonymous and file-backed) and threads. */
export interface ProcessMemory {
  readonly rss: number;
  readonly anon: number;
  readonly file: number;
  readonly threads: number;
}

function status(pid: number): ProcessMemory | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1]);
  return {
    rss: kb('VmRSS') * 1024,
    anon: kb('RssAnon') * 1024,
    file: (kb('RssFile') + kb('RssShmem')) * 1024,
    threads: kb('Threads'),
  };
}

/** The pids of `pid` and every process below it. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** The process's own memory, and its tree's RSS summed (the same when it has no children). */
export function processMemory(pid: number): ProcessMemory & { treeRss: number; tree: number } {
  const own = status(pid) ?? { rss: NaN, anon: NaN, file: NaN, threads: NaN };
  const tree = processTree(pid);
  const treeRss = tree.reduce((sum, p) => sum + (status(p)?.rss ?? 0), 0);
  return { ...own, treeRss, tree: tree.length };
}

/** The malloc the process runs on: jemalloc when its library is mapped (LD_PRELOAD), else glibc's. */
export function allocator(pid: number): string {
  let maps: string;
  try {
    maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
  } catch {
    return 'unknown';
  }
  const jemalloc = /\s(\S*libjemalloc[^\s]*)$/m.exec(maps)?.[1];
  return jemalloc === undefined ? 'glibc malloc' : `jemalloc (${jemalloc})`;
}

/** The main thread's `process.memoryUsage()`. */
export interface HeapFigures {
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

const MEMORY_USAGE = {
  expression: 'JSON.stringify(process.memoryUsage())',
  returnByValue: true,
};

interface EvaluateResult {
  readonly result: { readonly value?: string };
}

interface WorkerMessage {
  readonly id: number;
  readonly result?: EvaluateResult;
}

/** A Chrome DevTools Protocol session with the bot's main thread. */
export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    (reply: { result?: unknown; error?: unknown }) => void
  >();

  /** Worker threads attached (NodeWorker domain): session id and the worker's script URL. */
  private readonly workers = new Map<string, string>();
  private readonly workerPending = new Map<string, (message: WorkerMessage) => void>();

  /** The chunks of the heap snapshot being taken. */
  private snapshotChunks: string[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString()) as {
        id?: number;
        method?: string;
        params?: { sessionId: string; message?: string; workerInfo?: { url: string } };
        result?: unknown;
        error?: unknown;
      };
      if (reply.method === 'NodeWorker.attachedToWorker' && reply.params !== undefined)
        this.workers.set(reply.params.sessionId, reply.params.workerInfo?.url ?? '?');
      if (reply.method === 'NodeWorker.detachedFromWorker' && reply.params !== undefined)
        this.workers.delete(reply.params.sessionId);
      if (reply.method === 'NodeWorker.receivedMessageFromWorker' && reply.params?.message) {
        const message = JSON.parse(reply.params.message) as WorkerMessage;
        const key = `${reply.params.sessionId}:${message.id}`;
        this.workerPending.get(key)?.(message);
        this.workerPending.delete(key);
      }
      if (reply.method === 'HeapProfiler.addHeapSnapshotChunk')
        this.snapshotChunks.push((reply.params as unknown as { chunk: string }).chunk);
      if (reply.id === undefined) return;
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
  }

  /** Connects to the URL node printed ("Debugger listening on ws://…"). */
  static connect(url: string): Promise<Inspector> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new Inspector(socket)));
      socket.once('error', reject);
    });
  }

  private call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.error === undefined
          ? resolve(reply.result)
          : reject(new Error(`${method}: ${JSON.stringify(reply.error)}`)),
      );
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full garbage collection of the main thread's heap and of every worker thread's. */
  async collectGarbage(): Promise<void> {
    await this.attachWorkers();
    await this.call('HeapProfiler.collectGarbage');
    await Promise.all(
      [...this.workers.keys()].map((session) =>
        this.workerCall(session, 'HeapProfiler.collectGarbage'),
      ),
    );
  }

  /** The main thread's heap snapshot (for DevTools' Memory tab), as its JSON text. */
  async heapSnapshot(): Promise<string> {
    this.snapshotChunks = [];
    await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const text = this.snapshotChunks.join('');
    this.snapshotChunks = [];
    return text;
  }

  /** The main thread's `process.memoryUsage()`. */
  async heap(): Promise<HeapFigures> {
    const reply = (await this.call('Runtime.evaluate', MEMORY_USAGE)) as EvaluateResult;
    return JSON.parse(reply.result.value!) as HeapFigures;
  }

  /** Every worker thread's own heap, by its script's file name (render/worker.js, …). */
  async workerHeaps(): Promise<{ name: string; heap: HeapFigures }[]> {
    await this.attachWorkers();
    const heaps = [...this.workers].map(async ([session, url]) => {
      const value = (await this.workerCall(session, 'Runtime.evaluate', MEMORY_USAGE))?.result
        .value;
      const name = url.split('/').slice(-2).join('/');
      return value === undefined ? undefined : { name, heap: JSON.parse(value) as HeapFigures };
    });
    return (await Promise.all(heaps)).filter((heap) => heap !== undefined);
  }

  private attached: Promise<void> | undefined;

  /** Attaches to the worker threads once (they are reported as they attach). */
  private attachWorkers(): Promise<void> {
    this.attached ??= this.call('NodeWorker.enable', { waitForDebuggerOnStart: false }).then(
      () => new Promise<void>((resolve) => setTimeout(resolve, 500)),
    );
    return this.attached;
  }

  /** A call in a worker's session; undefined when it does not answer within 5 s. */
  private async workerCall(
    sessionId: string,
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<EvaluateResult | undefined> {
    const id = this.nextId++;
    const answer = new Promise<WorkerMessage>((resolve) =>
      this.workerPending.set(`${sessionId}:${id}`, resolve),
    );
    const message = JSON.stringify({ id, method, params });
    await this.call('NodeWorker.sendMessageToWorker', { sessionId, message });
    const reply = await Promise.race([
      answer,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
    ]);
    return reply?.result;
  }

  close(): void {
    this.socket.close();
  }
}

/** The inspector URL in a process's output, once node has printed it. */
export function inspectorUrl(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
}
