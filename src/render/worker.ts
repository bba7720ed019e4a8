/**
 * A worker thread of the render pool: draws one board (or table game's picture, standings
 * table, rating graph or game animation; a board or table also as a JPEG) at a time and sends the PNG back as a transferred ArrayBuffer (no
 * copy). It keeps its own background, sprite and surface caches for its lifetime, so only its
 * first board of a theme and size is cold.
 */
import { parentPort } from 'node:worker_threads';
import { createCanvas, Image } from '@napi-rs/canvas';
import { parseFen } from '../engine/index.js';
import { paintBoard, paintTable } from './canvas.js';
import { checkTheme, validatePosition } from './options.js';
import { paintEvalGraph } from './eval-graph-canvas.js';
import { normaliseEvalGraph } from './eval-graph-options.js';
import { paintRatingGraph } from './rating-graph-canvas.js';
import { normaliseRatingGraph } from './rating-graph-options.js';
import { paintStandingsPicture } from './standings-canvas.js';
import { normaliseStandings } from './standings-options.js';
import { validateTablePosition } from './table-options.js';
import { paintReplay } from './replay.js';
import { normaliseReplay } from './replay-options.js';
import { paintFailure, type BoardJob, type RenderJob, type WorkerReply } from './transport.js';

const port = parentPort!;

/**
 * Checks the job again before painting it, as a board's FEN is parsed again: a job that got
 * here without the main thread's checks must fail as a RenderError, not crash the worker.
 */
function paint(job: RenderJob): Buffer {
  switch (job.kind) {
    case 'table':
      return paintTable(validateTablePosition(job.position), job.options);
    case 'standings':
      return paintStandingsPicture(normaliseStandings(job.picture), checkTheme(job.theme));
    case 'rating-graph':
      return paintRatingGraph(normaliseRatingGraph(job.picture), checkTheme(job.theme));
    case 'eval-graph':
      return paintEvalGraph(normaliseEvalGraph(job.picture), checkTheme(job.theme));
    case 'board':
      return paintBoardJob(job);
    case 'replay':
      return paintReplay(normaliseReplay(job.replay, job.replay));
    case 'jpeg':
      return toJpeg(paint(job.picture), job.quality);
  }
}

/** A painted PNG re-encoded as a JPEG (decoded and drawn on a canvas of its size). */
function toJpeg(png: Buffer, quality: number): Buffer {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encodeSync('jpeg', quality);
}

function paintBoardJob(job: BoardJob): Buffer {
  const parsed = parseFen(job.fen, job.variant);
  if (!parsed.ok) throw new Error(`bad FEN ${JSON.stringify(job.fen)}: ${parsed.error.message}`);
  const position = parsed.value;
  return paintBoard(position, validatePosition(position), job.options, job.caption ?? undefined);
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
