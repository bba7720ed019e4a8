import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ConfigError } from '../config.js';

const SETTING = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=\s*(.*)$/;
const QUOTES = new Set(['"', "'", '`']);

/**
 * The first line that is not blank, a # comment or NAME=value (a quoted value may span lines),
 * with what is wrong with it; undefined when every line is fine. util.parseEnv never fails: it
 * skips such lines or folds them into the next key, so a typo would silently lose a setting.
 */
export function findEnvFileError(text: string): { line: number; problem: string } | undefined {
  const lines = text.split(/\r?\n/);
  let openQuote: { quote: string; line: number } | undefined;
  for (const [index, line] of lines.entries()) {
    if (openQuote !== undefined) {
      if (line.includes(openQuote.quote)) openQuote = undefined;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const setting = SETTING.exec(line);
    if (setting === null) return { line: index + 1, problem: 'expected NAME=value' };
    const value = setting[1]!; // SETTING's one group is not optional
    const quote = value.charAt(0);
    if (QUOTES.has(quote) && !value.slice(1).includes(quote))
      openQuote = { quote, line: index + 1 };
  }
  if (openQuote !== undefined)
    return { line: openQuote.line, problem: `the ${openQuote.quote}-quoted value is never closed` };
  return undefined;
}

/**
 * Loads the settings of a .env file into `env`, leaving alone every variable already set there:
 * the environment wins, as with `docker run --env-file` and `node --env-file`. A missing file
 * is not an error. Returns the names it set. Throws ConfigError naming the file (and the line,
 * never its content, which may hold a token) when the file cannot be read or a line is not a
 * setting.
 */
export function loadEnvFile(path: string, env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, ''); // editors on Windows add a BOM
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    throw new ConfigError(`cannot read ${path}: ${code ?? String(error)}`);
  }
  const error = findEnvFileError(text);
  if (error !== undefined) throw new ConfigError(`${path}, line ${error.line}: ${error.problem}`);
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === undefined || env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
