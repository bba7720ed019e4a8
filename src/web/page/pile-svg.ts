/**
 * A pile in profile as SVG, drawn where layout.ts's stackProfile puts every disc, the way the
 * PNG's pile painter (src/render/pile-canvas.ts) paints it: a shadow, each disc's side band with
 * a cylinder's shading, gold rings on buried kings, the top face, a crown on a king, the height
 * badge, and on a table column the seat's letter. Markup strings: a board of 50 piles is built
 * in well under a millisecond, and gradients are shared (pileDefs).
 */
import type { SeatColor } from '../../engine/multi/index.js';
import {
  crownShape,
  stackProfile,
  topCrown,
  type CrownShape,
  type StackProfile,
} from '../../render/layout.js';
import type { Pile } from './board-model.js';
import { BOARD, PIECES } from './palette.js';

const SEATS: readonly SeatColor[] = ['white', 'red', 'black', 'green'];
const LETTERS: Readonly<Record<SeatColor, string>> = {
  white: 'W',
  red: 'R',
  black: 'B',
  green: 'G',
};

/** One decimal: enough at any size, and a quarter of the markup. */
const n = (value: number): string => String(Math.round(value * 10) / 10);

/** The gradients every pile refers to, once per board. */
export function pileDefs(): string {
  const seats = SEATS.map((seat) => {
    const c = PIECES[seat];
    return (
      `<linearGradient id="side-${seat}" x1="0" x2="1" y1="0" y2="0">` +
      `<stop offset="0" stop-color="${c.sideDark}"/><stop offset=".22" stop-color="${c.sideLight}"/>` +
      `<stop offset=".45" stop-color="${c.sideLight}"/><stop offset="1" stop-color="${c.sideDark}"/>` +
      `</linearGradient>` +
      `<radialGradient id="face-${seat}" cx=".5" cy=".5" r=".5" fx=".375" fy=".35">` +
      `<stop offset="0" stop-color="${c.faceLight}"/><stop offset="1" stop-color="${c.faceDark}"/>` +
      `</radialGradient>`
    );
  }).join('');
  return (
    seats +
    `<linearGradient id="crown-fill" x1="0" x2="0" y1="0" y2="1">` +
    `<stop offset="0" stop-color="${BOARD.crownFill}"/><stop offset="1" stop-color="${BOARD.crownShade}"/>` +
    `</linearGradient>` +
    `<linearGradient id="crown-ring" x1="0" x2="1" y1="0" y2="0">` +
    `<stop offset="0" stop-color="${BOARD.crownShade}"/><stop offset=".35" stop-color="${BOARD.crownFill}"/>` +
    `<stop offset="1" stop-color="${BOARD.crownShade}"/></linearGradient>`
  );
}

/** A disc's body: its side band closed below by the lower half of its bottom ellipse. */
function bodyPath(p: StackProfile, top: number, bottom: number): string {
  const { centerX: cx, radiusX: rx, radiusY: ry } = p;
  return (
    `M${n(cx - rx)} ${n(top)}V${n(bottom)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(bottom)}` +
    `V${n(top)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx - rx)} ${n(top)}Z`
  );
}

/** A strip of a disc's side between two curves following its lower edge, y1 above y2. */
function stripPath(p: StackProfile, y1: number, y2: number): string {
  const { centerX: cx, radiusX: rx, radiusY: ry } = p;
  return (
    `M${n(cx - rx)} ${n(y1)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(y1)}` +
    `V${n(y2)}A${n(rx)} ${n(ry)} 0 0 1 ${n(cx - rx)} ${n(y2)}Z`
  );
}

function crown(shape: CrownShape, lineWidth: number): string {
  const points = shape.outline.map((pt) => `${n(pt.x)},${n(pt.y)}`).join(' ');
  const [a, b] = shape.band;
  const jewels = shape.jewels
    .map((j) => `<circle cx="${n(j.x)}" cy="${n(j.y)}" r="${n(j.r)}" fill="${BOARD.crownFill}"/>`)
    .join('');
  return (
    `<g stroke="${BOARD.crownOutline}" stroke-width="${n(lineWidth)}" stroke-linejoin="round">` +
    `<polygon points="${points}" fill="url(#crown-fill)"/>` +
    `<path d="M${n(a.x)} ${n(a.y)}H${n(b.x)}" stroke-width="${n(lineWidth * 0.8)}"/>` +
    `<g stroke-width="${n(lineWidth * 0.8)}">${jewels}</g></g>`
  );
}

function kingRing(p: StackProfile, top: number, bottom: number, withCrown: boolean): string {
  const thickness = bottom - top;
  const stripe = Math.max(2, thickness * 0.36);
  const middle = (top + bottom) / 2;
  const ring =
    `<path d="${stripPath(p, middle - stripe / 2, middle + stripe / 2)}" fill="url(#crown-ring)" ` +
    `stroke="${BOARD.crownOutline}" stroke-width="${n(Math.max(0.75, p.squareSize * 0.01))}"/>`;
  if (!withCrown) return ring;
  const width = (thickness * 0.95) / 0.62;
  return ring + crown(crownShape(p.centerX, middle + p.radiusY, width), Math.max(1, width * 0.06));
}

function text(x: number, y: number, size: number, fill: string, body: string, extra = ''): string {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}" text-anchor="middle" ` +
    `dominant-baseline="central" font-weight="700"${extra}>${body}</text>`
  );
}

/** The markup of `pile` in a square `size` units wide, its top-left corner at the origin. */
export function pileSvg(pile: Pile, size: number, table: boolean): string {
  const p = stackProfile(pile.stack, size);
  const { centerX: cx, radiusX: rx, radiusY: ry, discs } = p;
  const seatOf = (color: number): SeatColor => pile.palette[color as 0 | 1];
  const outlineWidth = n(Math.max(1, size * 0.02));
  const bottomDisc = discs[0]!;
  const topDisc = discs[discs.length - 1]!;
  const out: string[] = [
    `<ellipse cx="${n(cx + rx * 0.05)}" cy="${n(bottomDisc.bottom + ry * 0.3)}" rx="${n(rx * 1.03)}" ` +
      `ry="${n(ry * 1.05)}" fill="${BOARD.shadow}"/>`,
  ];
  if (!p.compressed) {
    for (const disc of discs) {
      const seat = seatOf(disc.color);
      const d = bodyPath(p, disc.top, disc.bottom);
      out.push(`<path d="${d}" fill="url(#side-${seat})"/>`);
      if (disc.king) out.push(kingRing(p, disc.top, disc.bottom, p.bandCrowns && disc !== topDisc));
      out.push(
        `<path d="${d}" fill="none" stroke="${PIECES[seat].outline}" stroke-width="${outlineWidth}"/>`,
      );
    }
  } else {
    for (const run of p.runs) {
      out.push(
        `<path d="${bodyPath(p, run.top, run.bottom)}" fill="url(#side-${seatOf(run.color)})"/>`,
      );
    }
    const hairline = n(Math.max(0.75, size * 0.008));
    for (const disc of discs) {
      if (disc === bottomDisc || disc.bottom - disc.top < 3) continue;
      out.push(
        `<path d="M${n(cx - rx)} ${n(disc.bottom)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(disc.bottom)}" ` +
          `fill="none" stroke="${PIECES[seatOf(disc.color)].outline}" stroke-opacity=".45" stroke-width="${hairline}"/>`,
      );
    }
    for (const disc of discs) {
      if (disc.king) out.push(kingRing(p, disc.top, disc.bottom, false));
    }
    for (const run of p.runs) {
      out.push(
        `<path d="${bodyPath(p, run.top, run.bottom)}" fill="none" ` +
          `stroke="${PIECES[seatOf(run.color)].outline}" stroke-width="${outlineWidth}"/>`,
      );
    }
    // One colour at a table: a count on the side would repeat the height badge.
    if (!table) {
      for (const label of p.runLabels) {
        const colors = PIECES[seatOf(label.color)];
        const halo = ` stroke="${colors.sideLight}" stroke-width="${n(Math.max(2, label.fontSize * 0.22))}" paint-order="stroke" stroke-linejoin="round"`;
        out.push(text(label.x, label.y, label.fontSize, colors.text, label.text, halo));
      }
    }
  }
  const top = PIECES[seatOf(topDisc.color)];
  const topSeat = seatOf(topDisc.color);
  out.push(
    `<ellipse cx="${n(cx)}" cy="${n(topDisc.top)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#face-${topSeat})"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(topDisc.top)}" rx="${n(rx * 0.74)}" ry="${n(ry * 0.74)}" fill="none" ` +
      `stroke="${top.groove}" stroke-width="${n(Math.max(1, size * 0.018))}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(topDisc.top)}" rx="${n(rx)}" ry="${n(ry)}" fill="none" ` +
      `stroke="${top.outline}" stroke-width="${outlineWidth}"/>`,
  );
  if (topDisc.king) out.push(crown(topCrown(p), Math.max(1, size * 0.022)));
  else if (table) {
    // The seat's letter where a king has its crown: for whoever cannot tell the colours apart.
    const shape = topCrown(p);
    const [a, b] = shape.band;
    const fontSize = Math.max(7, Math.round(Math.min(ry * 1.45, shape.width * 0.62)));
    out.push(
      text(
        (a.x + b.x) / 2,
        topDisc.top + fontSize * 0.04,
        fontSize,
        top.text,
        LETTERS[topSeat],
        ' font-weight="400" opacity=".85"',
      ),
    );
  }
  if (p.badge !== null) {
    const { rect, fontSize } = p.badge;
    out.push(
      `<rect x="${n(rect.x)}" y="${n(rect.y)}" width="${n(rect.width)}" height="${n(rect.height)}" ` +
        `rx="${n(rect.height / 2)}" fill="${BOARD.badgeFill}" stroke="${BOARD.badgeOutline}" ` +
        `stroke-width="${n(Math.max(1, size * 0.018))}"/>`,
      text(
        rect.x + rect.width / 2,
        rect.y + rect.height / 2 + fontSize * 0.04,
        fontSize,
        BOARD.badgeText,
        p.badge.text,
      ),
    );
  }
  return out.join('');
}
