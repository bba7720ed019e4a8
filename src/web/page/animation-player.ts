/**
 * Plays a move's steps (animation.ts) on the board: the moving pile glides from square to square,
 * and as it passes over a jumped stack that stack changes and the taken piece joins the mover.
 * Callers skip it for users who prefer reduced motion.
 */
import type { Frame } from './animation.js';
import type { BoardSvg, Scene } from './board-svg.js';

/** One hop's time, and a quiet move's. */
const HOP_MS = 280;
const SLIDE_MS = 200;

const ease = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function glide(duration: number, step: (t: number) => void, halfway: () => void): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let passed = false;
    const frame = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      if (!passed && t >= 0.5) {
        passed = true;
        halfway();
      }
      step(ease(t));
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Animates `frames` from `scene` (the position before the move, its other marks) starting on
 * square `from`; leaves the board showing the last frame without marks for the caller to draw.
 */
export async function playMove(
  board: BoardSvg,
  scene: Scene,
  from: number,
  frames: readonly Frame[],
): Promise<void> {
  let at = from;
  let piles = scene.piles;
  let mover = piles[from] ?? null;
  if (mover === null) return;
  const quiet = frames.length === 1;
  for (const frame of frames) {
    const a = board.corner(at);
    const b = board.corner(frame.mover);
    board.draw({ ...scene, piles, lifted: at, selected: null, targets: new Set(), route: null });
    board.float(mover, a.x, a.y);
    await glide(
      quiet ? SLIDE_MS : HOP_MS,
      (t) => board.float(mover, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t),
      () => {
        // Over the jumped stack: it loses its piece, which joins the mover.
        piles = frame.piles;
        mover = piles[frame.mover] ?? mover;
        board.draw({
          ...scene,
          piles,
          lifted: frame.mover,
          selected: null,
          targets: new Set(),
          route: null,
        });
      },
    );
    at = frame.mover;
  }
  board.float(null);
}
