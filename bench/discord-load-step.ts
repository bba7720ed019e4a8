/** What the Discord load benchmark counts in one measured step (or outside them, at set-up). */

/** Latencies measured, by what they run to. */
export type LatencyKind = 'ack' | 'answer' | 'game';

/** Discord API calls by kind, as the fake records them. */
export type CallKind = 'callback' | 'webhook' | 'edit' | 'post' | 'delete' | 'other';

export const CALL_KINDS: readonly CallKind[] = [
  'callback',
  'webhook',
  'edit',
  'post',
  'delete',
  'other',
];

/** The counters and latency samples of one step; events land in the step they happen in. */
export class StepStats {
  /** Interactions the players sent. */
  offered = 0;
  /** Interactions acknowledged (a successful callback). */
  acknowledged = 0;
  /** Interactions with no acknowledgement by Discord's deadline ("This interaction failed"). */
  missed = 0;
  /** Callbacks Discord refused (10062 late, 40060 twice). */
  refused = 0;
  /** 429 answers the bot got. */
  rateLimited = 0;
  /** Moves committed (a target or route press, or /move). */
  plies = 0;
  /** Plies given up: an answer or the game message never came, or a button was missing. */
  stuck = 0;
  readonly calls = new Map<CallKind, number>();
  private readonly samples = new Map<LatencyKind, number[]>();

  add(kind: LatencyKind, ms: number): void {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }

  count(kind: LatencyKind): number {
    return this.samples.get(kind)?.length ?? 0;
  }

  /** The p-th percentile of a kind's samples (NaN without samples). */
  percentile(kind: LatencyKind, p: number): number {
    const list = [...(this.samples.get(kind) ?? [])].sort((a, b) => a - b);
    if (list.length === 0) return NaN;
    return list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
  }

  /** "p50/p95/p99" in whole milliseconds. */
  percentiles(kind: LatencyKind): string {
    return [50, 95, 99].map((p) => String(Math.round(this.percentile(kind, p)))).join('/');
  }

  call(kind: CallKind): void {
    this.calls.set(kind, (this.calls.get(kind) ?? 0) + 1);
  }

  /** API calls of each kind per committed ply, "callback/webhook/edit/post/delete". */
  callsPerPly(): string {
    return CALL_KINDS.filter((kind) => kind !== 'other')
      .map((kind) => ((this.calls.get(kind) ?? 0) / Math.max(1, this.plies)).toFixed(2))
      .join('/');
  }
}
