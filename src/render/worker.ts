/**
 * A worker thread of the render pool: draws one picture at a time, of any kind in the registry
 * (kinds/index.ts), PNG, GIF or JPEG, and sends it back as a transferred ArrayBuffer (no copy).
 * It keeps its own background, sprite and surface caches for its lifetime, so only its first
 * board of a theme and size is cold.
 */
import { parentPort } from 'node:worker_threads';
import { kindOf } from './kinds/index.js';
import { toJpeg } from './primitives/canvas.js';
import { paintFailure, type RenderJob, type WorkerReply } from './transport.js';

const port = parentPort!;

/**
 * Checks the job again before painting it (the kind's `receive`): a job that got here without
 * the main thread's checks must fail as a RenderError, not crash the worker.
 */
function paint(message: RenderJob): Buffer {
  const kind = kindOf(message.kind);
  const picture = kind.paint(kind.receive(message.job));
  return message.jpeg === null ? picture : toJpeg(picture, message.jpeg);
}

function draw(job: RenderJob): ArrayBuffer {
  const png = paint(job);
  // Small Buffers live in a slice of Node's shared pool; transferring that would detach it.
  const whole = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
  const bytes = whole ? png.buffer : png.buffer.slice(png.byteOffset, png.byteOffset + png.length);
  return bytes as ArrayBuffer;
}

port.on('message', (job: RenderJob) => {
  let png: ArrayBuffer;
  try {
    png = draw(job);
  } catch (error) {
    port.postMessage({
      kind: 'failed',
      id: job.id,
      failure: paintFailure(error),
    } satisfies WorkerReply);
    return;
  }
  port.postMessage({ kind: 'rendered', id: job.id, png } satisfies WorkerReply, [png]);
});

port.postMessage({ kind: 'ready' } satisfies WorkerReply);
