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

/**
 * A step of the final stage that makes its files: a COPY from the build context (`stage`
 * undefined) or from an earlier stage (`--from=`), or a RUN in shell form.
 */
export type StageStep =
  | {
      readonly kind: 'copy';
      readonly stage: string | undefined;
      readonly sources: readonly string[];
      readonly destination: string;
    }
  | { readonly kind: 'run'; readonly command: string };

/** The final stage's COPY and RUN instructions, in order; throws for a form it does not know. */
export function stageSteps(instructions: readonly Instruction[]): StageStep[] {
  const steps: StageStep[] = [];
  for (const { keyword, rest } of finalStage(instructions)) {
    if (keyword === 'RUN') {
      if (rest.startsWith('[') || rest.startsWith('--'))
        throw new Error(`RUN not in plain shell form: ${rest}`);
      steps.push({ kind: 'run', command: rest });
    } else if (keyword === 'COPY') {
      const words = rest.split(/\s+/);
      const options = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const unknown = options.find((option) => !option.startsWith('--from='));
      if (unknown !== undefined || paths.length < 2 || rest.startsWith('['))
        throw new Error(`COPY not in the form the tests replay: ${rest}`);
      const from = options[0]?.slice('--from='.length);
      steps.push({
        kind: 'copy',
        stage: from,
        sources: paths.slice(0, -1),
        destination: paths.at(-1)!,
      });
    }
  }
  return steps;
}

/** The WORKDIR of the stage named `name` (`FROM image AS name`). */
export function stageWorkdir(instructions: readonly Instruction[], name: string): string {
  const start = instructions.findIndex(
    (i) => i.keyword === 'FROM' && new RegExp(`\\s+AS\\s+${name}$`, 'i').test(i.rest),
  );
  if (start < 0) throw new Error(`no stage ${name} in the Dockerfile`);
  const end = instructions.findIndex((i, at) => at > start && i.keyword === 'FROM');
  const workdir = instructions
    .slice(start, end < 0 ? undefined : end)
    .findLast((i) => i.keyword === 'WORKDIR');
  if (workdir === undefined) throw new Error(`stage ${name} has no WORKDIR`);
  return workdir.rest;
}
