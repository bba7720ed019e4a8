/** The texts of the engine's review of a finished game (/review), on every platform. */
export interface ReviewMessages {
  /** /review of a game still being played. */
  readonly notOver: string;
  readonly notForTables: string;
  readonly unavailable: string;
  /** Nothing to review: no finished game known here, and none named. */
  readonly noGame: string;
  /** The review waits for others to finish first. */
  readonly queued: string;
  /** Said while a long review searches (Discord's deferred answer shows it). */
  readonly working: string;
  readonly mistake: string;
  readonly blunder: string;
  /** The summary's first line: the players and the result, e.g. "Alice – Bob, 1-0". */
  readonly header: (white: string, black: string, result: string) => string;
  /** A side's line: its mistakes, blunders and accuracy (percent). */
  readonly sideLine: (
    side: 'white' | 'black',
    name: string,
    mistakes: number,
    blunders: number,
    accuracy: number,
  ) => string;
  readonly noMoments: string;
  /** Introduces the list of moments when not all of them fit. */
  readonly costliest: (shown: number, total: number) => string;
  /**
   * A moment: "14… f6:d4?? — blunder: White's chances 62 % → 18 %. Better e7-f6: e7-f6 c3-d4".
   */
  readonly moment: (
    label: string,
    verdict: string,
    before: number,
    after: number,
    best: string,
    line: string,
  ) => string;
  /** A moment's position: "Moment 2 of 5". */
  readonly momentOf: (index: number, total: number) => string;
  /** The board picture's caption band. */
  readonly boardTitle: (label: string, verdict: string) => string;
  readonly boardText: (best: string) => string;
  readonly graphTitle: (white: string, black: string) => string;
  readonly graphAxis: string;
  readonly graphFooter: (mistakes: number, blunders: number) => string;
  readonly previous: string;
  readonly next: string;
  readonly toGraph: string;
  /** A stepping button of a review that no longer matches its game. */
  readonly stale: string;
}
