/** A table game's picture (Zhernov's four-player game): the turned board, edges, standings. */
import type { TablePosition } from '../../engine/multi/index.js';
import { paintTable } from '../table-canvas.js';
import {
  prepareTableRender,
  validateTablePosition,
  type NormalisedTableOptions,
  type TableRenderOptions,
} from '../table-options.js';
import type { PictureKind } from './kind.js';

export interface TableJob {
  /** The plain copy validateTablePosition returned: it goes to a worker as it is. */
  readonly position: TablePosition;
  readonly options: NormalisedTableOptions;
}

export const table: PictureKind<[position: TablePosition, options?: TableRenderOptions], TableJob> =
  {
    id: 'table',
    prepare(position, options = {}) {
      const { key, position: checked, options: normalised } = prepareTableRender(position, options);
      return { key, job: { position: checked, options: normalised } };
    },
    paint: (job) => paintTable(job.position, job.options),
    send: (job) => job,
    receive: (wire) => ({ position: validateTablePosition(wire.position), options: wire.options }),
  };
