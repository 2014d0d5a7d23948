import type { Schemas } from '@qdrant/js-client-rest';
import type { MemoryFilter } from '../memory.js';
import { filterKinds } from '../records.js';

/** Payload fields with an index: keyword for equality, integer and float for ranges and order. */
export const PAYLOAD_INDEXES: ReadonlyArray<{ field: string; schema: 'keyword' | 'integer' | 'float' }> = [
  { field: 'kind', schema: 'keyword' },
  { field: 'dimension', schema: 'keyword' },
  { field: 'createdAt', schema: 'integer' },
  { field: 'accessedAt', schema: 'integer' },
  { field: 'importance', schema: 'float' },
  { field: 'position.x', schema: 'float' },
  { field: 'position.y', schema: 'float' },
  { field: 'position.z', schema: 'float' },
];

/**
 * A Qdrant filter for what it can say exactly (kinds, times) and a box around a `near`
 * position; the caller checks the sphere itself.
 */
export function qdrantFilter(filter: MemoryFilter): Schemas['Filter'] | undefined {
  const must: Schemas['Condition'][] = [];
  const kinds = filterKinds(filter);
  if (kinds) must.push({ key: 'kind', match: { any: kinds } });
  if (filter.since || filter.until) {
    must.push({ key: 'createdAt', range: { ...(filter.since ? { gte: filter.since.getTime() } : {}), ...(filter.until ? { lte: filter.until.getTime() } : {}) } });
  }
  if (filter.idleSince) must.push({ key: 'accessedAt', range: { lt: filter.idleSince.getTime() } });
  if (filter.near) {
    const { position: p, radius: r } = filter.near;
    for (const axis of ['x', 'y', 'z'] as const) must.push({ key: `position.${axis}`, range: { gte: p[axis] - r, lte: p[axis] + r } });
    if (filter.near.dimension !== undefined) must.push({ key: 'dimension', match: { value: filter.near.dimension } });
  }
  return must.length > 0 ? { must } : undefined;
}
