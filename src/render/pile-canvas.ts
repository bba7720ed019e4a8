/**
 * Stacks as piles of discs, each distinct stack painted once per theme and square size as a
 * sprite; crowns, kings' stripes and height badges.
 */
import type { Stack } from '../engine/index.js';
import { BOLD_FONT } from './fonts.js';
import {
  crownShape,
  stackProfile,
  topCrown,
  type CrownShape,
  type DiscShape,
  type StackProfile,
} from './layout.js';
import {
  fontSpec,
  newCanvas,
  type Context,
  type Gradient,
  spriteCache,
  type Sprite,
} from './primitives/canvas.js';
import { paintPill } from './primitives/text.js';
import type { PieceColors, Theme } from './themes.js';

const stackSprites = spriteCache(2048, 48 * 1024 * 1024);

export function stackSprite(theme: Theme, stack: Stack, squareSize: number): Sprite {
  const key = `${theme.id}|${squareSize}|${stack.height}.${stack.colors}.${stack.kings}`;
  const cached = stackSprites.get(key);
  if (cached !== undefined) return cached;
  const canvas = newCanvas(squareSize, squareSize);
  paintPile(canvas.getContext('2d'), stackProfile(stack, squareSize), theme);
  stackSprites.set(key, canvas);
  return canvas;
}

/** Outline of a disc's body: its side band closed by the lower half of the bottom ellipse. */
function bodyPath(ctx: Context, profile: StackProfile, top: number, bottom: number): void {
  const { centerX: cx, radiusX: rx, radiusY: ry } = profile;
  ctx.beginPath();
  ctx.moveTo(cx - rx, top);
  ctx.lineTo(cx - rx, bottom);
  ctx.ellipse(cx, bottom, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, top);
  ctx.ellipse(cx, top, rx, ry, 0, 0, Math.PI, true);
  ctx.closePath();
}

/** The strip of a disc's side between two curves following its lower edge, y1 above y2. */
function stripPath(ctx: Context, profile: StackProfile, y1: number, y2: number): void {
  const { centerX: cx, radiusX: rx, radiusY: ry } = profile;
  ctx.beginPath();
  ctx.moveTo(cx - rx, y1);
  ctx.ellipse(cx, y1, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, y2);
  ctx.ellipse(cx, y2, rx, ry, 0, 0, Math.PI, false);
  ctx.closePath();
}

function sideGradient(ctx: Context, profile: StackProfile, colors: PieceColors): Gradient {
  const { centerX: cx, radiusX: rx } = profile;
  const gradient = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  gradient.addColorStop(0, colors.sideDark);
  gradient.addColorStop(0.22, colors.sideLight);
  gradient.addColorStop(0.45, colors.sideLight);
  gradient.addColorStop(1, colors.sideDark);
  return gradient;
}

/**
 * Paints a pile. `pieces` gives the colours of its discs by their engine colour: the theme's
 * white and black for a two-player stack, one seat's colours twice for a table game's column.
 */
export function paintPile(
  ctx: Context,
  profile: StackProfile,
  theme: Theme,
  pieces: readonly [PieceColors, PieceColors] = theme.pieces,
): void {
  const { centerX: cx, radiusX: rx, radiusY: ry, squareSize: s, discs } = profile;
  const outlineWidth = Math.max(1, s * 0.02);
  // A stack has height 1 or more (validatePosition), so its profile has at least one disc.
  const bottomDisc = discs[0]!;
  const topDisc = discs[discs.length - 1]!;

  ctx.fillStyle = theme.shadow;
  ctx.beginPath();
  ctx.ellipse(
    cx + rx * 0.05,
    bottomDisc.bottom + ry * 0.3,
    rx * 1.03,
    ry * 1.05,
    0,
    0,
    Math.PI * 2,
  );
  ctx.fill();

  if (!profile.compressed) {
    for (const disc of discs) {
      const colors = pieces[disc.color];
      bodyPath(ctx, profile, disc.top, disc.bottom);
      ctx.fillStyle = sideGradient(ctx, profile, colors);
      ctx.fill();
      if (disc.king) {
        paintKingStripe(ctx, profile, disc, theme, profile.bandCrowns && disc !== topDisc);
      }
      bodyPath(ctx, profile, disc.top, disc.bottom);
      ctx.strokeStyle = colors.outline;
      ctx.lineWidth = outlineWidth;
      ctx.stroke();
    }
  } else {
    // Too thin to outline every disc: each run is one body, discs are parted by hairlines.
    for (const run of profile.runs) {
      const colors = pieces[run.color];
      bodyPath(ctx, profile, run.top, run.bottom);
      ctx.fillStyle = sideGradient(ctx, profile, colors);
      ctx.fill();
    }
    ctx.lineWidth = Math.max(0.75, s * 0.008);
    for (const disc of discs) {
      // Hairlines closer than 3 px would only grey the run out.
      if (disc === bottomDisc || disc.bottom - disc.top < 3) continue;
      ctx.strokeStyle = pieces[disc.color].outline;
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      ctx.ellipse(cx, disc.bottom, rx, ry, 0, Math.PI, 0, true);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    for (const disc of discs) if (disc.king) paintKingStripe(ctx, profile, disc, theme, false);
    for (const run of profile.runs) {
      bodyPath(ctx, profile, run.top, run.bottom);
      ctx.strokeStyle = pieces[run.color].outline;
      ctx.lineWidth = outlineWidth;
      ctx.stroke();
    }
    for (const label of profile.runLabels) {
      ctx.font = fontSpec(BOLD_FONT, label.fontSize);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // A halo in the run's own colour keeps the count clear of stripes and hairlines.
      ctx.strokeStyle = pieces[label.color].sideLight;
      ctx.lineWidth = Math.max(2, label.fontSize * 0.22);
      ctx.lineJoin = 'round';
      ctx.strokeText(label.text, label.x, label.y);
      ctx.fillStyle = pieces[label.color].text;
      ctx.fillText(label.text, label.x, label.y);
    }
  }

  paintTopFace(ctx, profile, topDisc, pieces[topDisc.color]);
  if (topDisc.king) paintCrown(ctx, topCrown(profile), theme, Math.max(1, s * 0.022));
  if (profile.badge !== null) paintBadge(ctx, profile, theme);
}

function paintTopFace(
  ctx: Context,
  profile: StackProfile,
  disc: DiscShape,
  colors: PieceColors,
): void {
  const { centerX: cx, radiusX: rx, radiusY: ry, squareSize: s } = profile;
  const gradient = ctx.createRadialGradient(
    cx - rx * 0.25,
    disc.top - ry * 0.3,
    0,
    cx,
    disc.top,
    rx,
  );
  gradient.addColorStop(0, colors.faceLight);
  gradient.addColorStop(1, colors.faceDark);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = colors.groove;
  ctx.lineWidth = Math.max(1, s * 0.018);
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx * 0.74, ry * 0.74, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = Math.max(1, s * 0.02);
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
}

/** A king's mark on its side band: a gold ring round the disc, and a small crown if it fits. */
function paintKingStripe(
  ctx: Context,
  profile: StackProfile,
  disc: DiscShape,
  theme: Theme,
  withCrown: boolean,
): void {
  const thickness = disc.bottom - disc.top;
  const stripe = Math.max(2, thickness * 0.36);
  const middle = (disc.top + disc.bottom) / 2;
  stripPath(ctx, profile, middle - stripe / 2, middle + stripe / 2);
  const { centerX: cx, radiusX: rx } = profile;
  const gradient = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  gradient.addColorStop(0, theme.crownShade);
  gradient.addColorStop(0.35, theme.crownFill);
  gradient.addColorStop(1, theme.crownShade);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.strokeStyle = theme.crownOutline;
  ctx.lineWidth = Math.max(0.75, profile.squareSize * 0.01);
  ctx.stroke();
  if (withCrown) {
    const width = (thickness * 0.95) / 0.62;
    paintCrown(
      ctx,
      crownShape(cx, middle + profile.radiusY, width),
      theme,
      Math.max(1, width * 0.06),
    );
  }
}

export function paintCrown(ctx: Context, crown: CrownShape, theme: Theme, lineWidth: number): void {
  ctx.lineJoin = 'round';
  ctx.beginPath();
  crown.outline.forEach((point, i) =>
    i === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y),
  );
  ctx.closePath();
  const top = crown.outline[3].y;
  const gradient = ctx.createLinearGradient(0, top, 0, crown.outline[0].y);
  gradient.addColorStop(0, theme.crownFill);
  gradient.addColorStop(1, theme.crownShade);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.strokeStyle = theme.crownOutline;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(crown.band[0].x, crown.band[0].y);
  ctx.lineTo(crown.band[1].x, crown.band[1].y);
  ctx.lineWidth = lineWidth * 0.8;
  ctx.stroke();
  for (const jewel of crown.jewels) {
    ctx.beginPath();
    ctx.arc(jewel.x, jewel.y, jewel.r, 0, Math.PI * 2);
    ctx.fillStyle = theme.crownFill;
    ctx.fill();
    ctx.lineWidth = lineWidth * 0.8;
    ctx.stroke();
  }
}
function paintBadge(ctx: Context, profile: StackProfile, theme: Theme): void {
  const badge = profile.badge!;
  paintPill(ctx, badge, {
    fill: theme.badgeFill,
    outline: theme.badgeOutline,
    outlineWidth: Math.max(1, profile.squareSize * 0.018),
    text: theme.badgeText,
  });
}

/** Drops the stack sprites (to time a cold render). */
export function clearStackSprites(): void {
  stackSprites.clear();
}
