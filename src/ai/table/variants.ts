import { TABLE_VARIANT_IDS, type TableVariantId } from '../../engine/multi/index.js';

/** Whether a variant id names a table game (more than two seats: src/ai/table). */
export function isTableVariantId(id: string): id is TableVariantId {
  return (TABLE_VARIANT_IDS as readonly string[]).includes(id);
}
