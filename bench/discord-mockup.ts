/**
 * A picture of a Discord game message for the README, drawn from what the Discord adapter really
 * sends (the embed's text, the board image, the Move button), in the colours of Discord's dark
 * theme. Not a screenshot: Discord is not running here.
 */
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from '../src/render/fonts.js';

const WIDTH = 560;
const BOARD = 400;
const THEME = {
  background: '#313338',
  embed: '#2b2d31',
  text: '#dbdee1',
  name: '#f2f3f5',
  muted: '#949ba4',
  button: '#5865f2',
  tag: '#5865f2',
};

export interface MockupInput {
  readonly botName: string;
  /** The embed's description (Discord markdown: ** for bold). */
  readonly description: string;
  readonly colour: number;
  readonly board: Buffer;
  readonly button: string;
  readonly footer: string;
}

/** Draws the message; characters the shipped font lacks (some emoji) are left out. */
export async function discordMockup(input: MockupInput): Promise<Buffer> {
  GlobalFonts.registerFromPath(REGULAR_FONT.path, REGULAR_FONT.family);
  GlobalFonts.registerFromPath(BOLD_FONT.path, BOLD_FONT.family);
  const coverage = fontCoverage(REGULAR_FONT);
  const drawable = (text: string) =>
    [...text]
      .filter((c) => coverage.has(c.codePointAt(0)!))
      .join('')
      .trim();
  const lines = input.description.split('\n').map((line) => ({
    bold: line.startsWith('**'),
    text: drawable(line.replace(/\*\*/g, '')),
  }));
  const embedTop = 52;
  const textHeight = lines.length * 22;
  const embedHeight = 16 + textHeight + 12 + BOARD + 32;
  const height = embedTop + embedHeight + 60;
  const canvas = createCanvas(WIDTH, height);
  const g = canvas.getContext('2d');
  g.fillStyle = THEME.background;
  g.fillRect(0, 0, WIDTH, height);

  // The bot's avatar, name and APP tag.
  g.fillStyle = THEME.button;
  g.beginPath();
  g.arc(36, 32, 20, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#ffffff';
  g.font = `20px ${BOLD_FONT.family}`;
  g.fillText('B', 29, 39);
  g.font = `16px ${BOLD_FONT.family}`;
  g.fillStyle = THEME.name;
  g.fillText(input.botName, 68, 28);
  const nameWidth = g.measureText(input.botName).width;
  g.fillStyle = THEME.tag;
  g.fillRect(68 + nameWidth + 8, 14, 36, 18);
  g.fillStyle = '#ffffff';
  g.font = `11px ${BOLD_FONT.family}`;
  g.fillText('APP', 68 + nameWidth + 14, 27);

  // The embed: colour bar, text, the board, the footer.
  const left = 68;
  const embedWidth = BOARD + 32;
  g.fillStyle = THEME.embed;
  g.fillRect(left, embedTop, embedWidth, embedHeight);
  g.fillStyle = `#${input.colour.toString(16).padStart(6, '0')}`;
  g.fillRect(left, embedTop, 4, embedHeight);
  let y = embedTop + 26;
  for (const line of lines) {
    g.font = `14px ${line.bold ? BOLD_FONT.family : REGULAR_FONT.family}`;
    g.fillStyle = THEME.text;
    g.fillText(line.text, left + 16, y);
    y += 22;
  }
  const board = await loadImage(input.board);
  g.drawImage(board, left + 16, y - 6, BOARD, BOARD);
  g.font = `12px ${REGULAR_FONT.family}`;
  g.fillStyle = THEME.muted;
  g.fillText(drawable(input.footer), left + 16, y + BOARD + 14);

  // The Move button under the message.
  const buttonTop = embedTop + embedHeight + 10;
  g.fillStyle = THEME.button;
  g.fillRect(left, buttonTop, 110, 34);
  g.fillStyle = '#ffffff';
  g.font = `14px ${BOLD_FONT.family}`;
  g.fillText(drawable(input.button), left + 22, buttonTop + 22);
  return canvas.toBuffer('image/png');
}
