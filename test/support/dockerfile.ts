import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One instruction of a Dockerfile: its keyword (upper case) and the rest of its line. */
export interface Instruction {
  readonly keyword: string;
  readonly rest: string;
}

/** The instructions of the Dockerfile at `directory`, continuation lines joined, comments dropped. */
export function readDockerfile(directory: string): Instruction[] {
  const lines = readFileSync(join(directory, 'Dockerfile'), 'utf8').split('\n');
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of lines) {
    if (pending === '' && /^\s*(#|$)/.test(line)) continue;
    pending += line.trimEnd();
    if (pending.endsWith('\\')) {
      pending = pending.slice(0, -1);
      continue;
    }
    const [, keyword, rest] = /^\s*(\S+)\s*(.*)$/.exec(pending)!;
    instructions.push({ keyword: keyword!.toUpperCase(), rest: rest! });
    pending = '';
  }
  return instructions;
}

/** The final stage's instructions, from its FROM on. */
function finalStage(instructions: readonly Instruction[]): readonly Instruction[] {
  return instructions.slice(instructions.findLastIndex((i) => i.keyword === 'FROM'));
}

/** The variables the final stage's `ENV NAME=value` instructions set. */
export function stageEnv(instructions: readonly Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, rest } of finalStage(instructions)) {
    if (keyword !== 'ENV') continue;
    for (const pair of rest.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`ENV not in NAME=value form: ${rest}`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/**
 * The exec-form command (`["node", "dist/main.js"]`) of the final stage's last `keyword`
 * instruction (CMD, or HEALTHCHECK after its --options and CMD); throws for the shell form.
 */
export function execCommand(instructions: readonly Instruction[], keyword: string): string[] {
  const found = finalStage(instructions).findLast((i) => i.keyword === keyword);
  if (found === undefined) throw new Error(`no ${keyword} in the Dockerfile's final stage`);
  const json = /^(?:(?:--\S+\s+)*CMD\s+)?(\[.*\])$/.exec(found.rest)?.[1];
  if (json === undefined) throw new Error(`${keyword} is not in exec form: ${found.rest}`);
  return JSON.parse(json) as string[];
}
