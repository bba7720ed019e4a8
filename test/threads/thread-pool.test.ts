import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from '../../src/threads/quiet-collection.js';
import { ThreadPool, type ThreadSlot } from '../../src/threads/thread-pool.js';

vi.mock('../../src/threads/quiet-collection.js', () => ({ collectWhenQuiet: vi.fn() }));

// Answers each message with it doubled; 'die' makes it exit with code 3.
const ECHO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => (m === 'die' ? process.exit(3) : parentPort.postMessage(m + m)));
`;

interface Job {
  readonly text: string;
  readonly done: (answer: string) => void;
}

/** The smallest pool: each job a text, answered doubled; deaths recorded. */
class EchoPool extends ThreadPool<Job, ThreadSlot<Job>> {
  started = 0;
  readonly deaths: string[] = [];
  private closed = false;

  constructor(size: number, idleMs?: number) {
    super();
    for (let i = 0; i < size; i++) this.addSlot(idleMs, {});
  }

  ask(text: string): Promise<string> {
    return new Promise((done) => {
      this.queue.push({ text, done });
      this.dispatch();
    });
  }

  get threads(): number {
    return this.slots.filter((slot) => slot.worker !== undefined).length;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.stopAll((job) => job.done('closed'));
  }

  protected get stopped(): boolean {
    return this.closed;
  }
  protected startThread(): Worker {
    this.started++;
    return new Worker(ECHO, { eval: true });
  }
  protected receive(slot: ThreadSlot<Job>, worker: Worker, reply: string): void {
    this.finish(slot, worker)?.done(reply);
    this.next(slot);
  }
  protected died(_slot: ThreadSlot<Job>, job: Job | undefined, reason: string): void {
    this.deaths.push(reason);
    job?.done(`failed: ${reason}`);
  }
  protected startable(): boolean {
    return true;
  }
  protected post(_slot: ThreadSlot<Job>, worker: Worker, job: Job): void {
    worker.postMessage(job.text);
  }
}

const pools: EchoPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
function pool(size: number, idleMs?: number): EchoPool {
  const made = new EchoPool(size, idleMs);
  pools.push(made);
  return made;
}

describe('ThreadPool', () => {
  it('starts threads only when jobs need them, up to its size, and answers every job', async () => {
    const echo = pool(2);
    expect(echo.threads).toBe(0);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((text) => echo.ask(text)));
    expect(answers).toEqual(['aa', 'bb', 'cc', 'dd']);
    expect(echo.started).toBe(2);
  });

  it('fails the job of a worker that dies, and starts another for the next job', async () => {
    const echo = pool(1);
    expect(await echo.ask('die')).toBe('failed: exit code 3');
    expect(echo.threads).toBe(0);
    expect(await echo.ask('x')).toBe('xx');
    expect(echo.started).toBe(2);
    expect(echo.deaths).toEqual(['exit code 3']);
  });

  it('stops an idle thread, which is no death, and starts one again when needed', async () => {
    const echo = pool(1, 20);
    expect(await echo.ask('a')).toBe('aa');
    // The idle stop is due 20 ms after the answer; a loaded machine may run it late.
    for (let waited = 0; echo.threads > 0 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(echo.threads).toBe(0);
    // What the thread and the pool let go is collected now, not at some later GC.
    expect(collectWhenQuiet).toHaveBeenCalledTimes(1);
    expect(await echo.ask('b')).toBe('bb');
    expect(echo.started).toBe(2);
    expect(echo.deaths).toEqual([]);
  });

  it('on close, hands back every job running or queued, and counts no death', async () => {
    const echo = pool(1);
    await echo.ask('warm');
    const waiting = [echo.ask('die'), echo.ask('queued')];
    await echo.close();
    expect(await Promise.all(waiting)).toEqual(['closed', 'closed']);
    expect(echo.deaths).toEqual([]);
  });
});
