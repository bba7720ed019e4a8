/** A record a store keeps by id, with a version for compare-and-set (a game, a tournament...). */
export interface VersionedRecord {
  readonly id: string;
  readonly version: number;
}
