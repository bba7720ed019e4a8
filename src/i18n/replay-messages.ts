/** What the game animation (/replay, the end of a game) says, on every platform. */
export interface ReplayMessages {
  /** The first line of every frame: the players. */
  readonly frameTitle: (white: string, black: string) => string;
  /** The first frame's second line, before the ply counter. */
  readonly startText: string;
  /** The word before the ply counter in a frame: "ply 23/80". */
  readonly plyWord: string;
  /** The animation's message: the players, the variant and the result (or "still going"). */
  readonly caption: (players: string, variant: string, result: string | undefined) => string;
  /** /replay with a game that is not found (`what` as the user wrote it). */
  readonly notFound: (what: string) => string;
  /** /replay where no game has been shown and none is named. */
  readonly noGame: string;
  /** /replay of a table game (four players). */
  readonly tableGame: string;
  /** A game too long to animate. */
  readonly tooLong: (plies: number, max: number) => string;
  /** The animation could not be drawn (a record that does not replay, the renderer failed). */
  readonly failed: string;
}
