import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseWeights, type Weights } from '../ai/index.js';
import {
  parseFen,
  parseVariant,
  startPosition,
  type Position,
  type VariantId,
} from '../engine/index.js';

/** A bad command line: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** Where a command writes a line of its output (or of its errors, or progress). */
export type Print = (line: string) => void;

function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({
      args: joinNegativeValues(args, options),
      options,
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    // split always gives at least one piece.
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
}

/**
 * A command line read against its options (`readOptions`): the raw values and positionals, and
 * readers that check a value and say what is wrong with it as a UsageError.
 */
export class CommandLine<S extends string, F extends string> {
  constructor(
    readonly values: Partial<Record<S, string>> & Partial<Record<F, boolean>>,
    readonly positionals: string[],
  ) {}

  private text(name: string): string | undefined {
    return (this.values as Record<string, string | undefined>)[name];
  }

  flag(name: F): boolean {
    return (this.values as Record<string, unknown>)[name] === true;
  }

  /** A required whole number from `min` to `max`. */
  integer(name: S, min: number, max: number): number {
    return integerOption(name, this.text(name), min, max);
  }

  /** A whole number from `min` to `max`, or undefined when left out. */
  optionalInteger(name: S, min: number, max: number): number | undefined {
    return optionalIntegerOption(name, this.text(name), min, max);
  }

  /** A number from `min` to `max`, or undefined when left out. */
  optionalNumber(name: S, min: number, max: number): number | undefined {
    const text = this.text(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
      throw new UsageError(`--${name} must be a number from ${min} to ${max}`);
    return value;
  }

  /** --variant, bashni when left out. */
  variant(): VariantId {
    return variantOption(this.text('variant'));
  }

  /** The position named by --variant and --fen. */
  position(): Position {
    return positionOption(this.text('variant'), this.text('fen'));
  }

  /** --threads, 1 when left out. */
  threads(): number {
    return threadsOption(this.text('threads'));
  }

  /** --seed, `fallback` when left out. */
  seed(fallback: number): number {
    return seedOption(this.text('seed'), fallback);
  }

  /** Weights from the file the option names, undefined when left out. */
  weights(name: S, variant: VariantId): Weights | undefined {
    const path = this.text(name);
    return path === undefined ? undefined : weightsFile(path, variant);
  }
}

/**
 * Reads `args` against options named in space-separated lists (`strings` take a value, `flags`
 * are switches): `readOptions(args, { strings: 'variant fen', flags: 'divide' })`.
 */
export function readOptions<S extends string = never, F extends string = never>(
  args: string[],
  names: { readonly strings?: S; readonly flags?: F },
  allowPositionals = false,
): CommandLine<Names<S>, Names<F>> {
  const options = {
    ...(names.strings === undefined ? {} : stringOptions(names.strings)),
    ...(names.flags === undefined ? {} : flagOptions(names.flags)),
  };
  const { values, positionals } = parseOptions(args, options, allowPositionals);
  return new CommandLine<Names<S>, Names<F>>(values, positionals);
}

/** The names in a space-separated list: `'fen ms'` → `'fen' | 'ms'`. */
type Names<S extends string> = S extends `${infer Name} ${infer Rest}` ? Name | Names<Rest> : S;

function optionsNamed<S extends string, T extends 'string' | 'boolean'>(names: S, type: T) {
  return Object.fromEntries(names.split(' ').map((name) => [name, { type }])) as Record<
    Names<S>,
    { type: T }
  >;
}

/** Options that take a value, named in one list: `stringOptions('variant fen')` for parseOptions. */
const stringOptions = <S extends string>(names: S) => optionsNamed(names, 'string');

/** Options that are switches (present or not), named in one list. */
const flagOptions = <S extends string>(names: S) => optionsNamed(names, 'boolean');

/**
 * `--depth -3` as `--depth=-3`: node's parser takes a value that starts with a dash for an
 * option and calls it ambiguous; a number is never an option, so it gets the range message.
 */
function joinNegativeValues(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    const next = args.at(i + 1);
    if (
      name !== undefined &&
      Object.hasOwn(options, name) &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-\.?\d/.test(next)
    ) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

function variantOption(text: string | undefined): VariantId {
  if (text === undefined) return 'bashni';
  const variant = parseVariant(text);
  if (!variant.ok) throw new UsageError(variant.error.message);
  return variant.value.id;
}

/** The position named by --variant and --fen (the start position without --fen). */
export function positionOption(variantText: string | undefined, fen: string | undefined): Position {
  const variant = variantOption(variantText);
  if (fen === undefined) return startPosition(variant);
  const parsed = parseFen(fen, variant);
  if (!parsed.ok) throw new UsageError(`bad --fen: ${parsed.error.message}`);
  return parsed.value;
}

function integerOption(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** A whole-number option that may be left out: undefined then, checked like integerOption else. */
function optionalIntegerOption(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  return text === undefined ? undefined : integerOption(name, text, min, max);
}

/** --threads: worker threads, 1 when not given. */
function threadsOption(text: string | undefined): number {
  return optionalIntegerOption('threads', text, 1, 64) ?? 1;
}

/** --seed, `fallback` when not given. */
function seedOption(text: string | undefined, fallback: number): number {
  return optionalIntegerOption('seed', text, 0, 2 ** 31 - 1) ?? fallback;
}

/** Weights from a JSON file (as `tune --out` writes them). */
function weightsFile(path: string, variant: VariantId): Weights {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read weights file ${path}: ${(error as Error).message}`);
  }
  const parsed = parseWeights(text, variant);
  if (!parsed.ok) throw new UsageError(`${path}: ${parsed.error.message}`);
  return parsed.value;
}
