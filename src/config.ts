import { parseVariant, type VariantId } from './engine/index.js';

/** Settings read from the environment once, at start-up. */
export interface Config {
  /** Variant of a new local console game. */
  readonly defaultVariant: VariantId;
}

/** A setting with a bad value: the message names the variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const variantText = env.DEFAULT_VARIANT?.trim();
  let defaultVariant: VariantId = 'bashni';
  if (variantText !== undefined && variantText !== '') {
    const variant = parseVariant(variantText);
    if (!variant.ok) throw new ConfigError(`DEFAULT_VARIANT: ${variant.error.message}`);
    defaultVariant = variant.value.id;
  }
  return { defaultVariant };
}
