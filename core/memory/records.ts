import { createHash, randomUUID } from 'node:crypto';
import { MemoryError } from '../errors.js';
import { MEMORY_KINDS, type MemoryFilter, type MemoryKind, type MemoryRecord, type NewMemory, type Position } from './memory.js';

/** Longest text a memory may hold, in characters. */
export const MAX_MEMORY_TEXT = 4000;

/**
 * The id of a memory: derived from its kind and key when it has one (so that storing it again
 * replaces it), random otherwise. Always a UUID, which both SQLite and Qdrant accept.
 */
export function memoryId(kind: MemoryKind, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  const h = createHash('sha256').update(`${kind}\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function invalid(message: string, hint?: string): MemoryError {
  return new MemoryError('MJ_ERR_MEMORY_INVALID', message, hint === undefined ? {} : { hint });
}

function checkPosition(p: Position, what: string): void {
  if (typeof p !== 'object' || p === null || ![p.x, p.y, p.z].every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw invalid(`${what} must have finite numbers x, y and z`);
  }
}

/** Checks a memory before it is stored and gives it its id and times. Nothing is stored on error. */
export function toRecord(memory: NewMemory, now: Date): MemoryRecord {
  if (!MEMORY_KINDS.includes(memory.kind)) throw invalid(`"${String(memory.kind)}" is not a kind of memory`, `use one of ${MEMORY_KINDS.join(', ')}`);
  if (typeof memory.text !== 'string' || memory.text.trim() === '') throw invalid('a memory needs some text');
  if (memory.text.length > MAX_MEMORY_TEXT) throw invalid(`a memory's text is at most ${MAX_MEMORY_TEXT} characters (got ${memory.text.length})`);
  const importance = memory.importance ?? 50;
  if (!Number.isFinite(importance) || importance < 0 || importance > 100) throw invalid(`importance must be from 0 to 100 (got ${importance})`);
  if (memory.position !== undefined) checkPosition(memory.position, 'a position');
  const at = (memory.at ?? now).toISOString();
  return {
    id: memoryId(memory.kind, memory.key),
    kind: memory.kind,
    text: memory.text.trim(),
    importance,
    ...(memory.key !== undefined ? { key: memory.key } : {}),
    ...(memory.position ? { position: { x: memory.position.x, y: memory.position.y, z: memory.position.z } } : {}),
    ...(memory.dimension !== undefined ? { dimension: memory.dimension } : {}),
    ...(memory.data !== undefined ? { data: structuredClone(memory.data) } : {}),
    createdAt: at,
    accessedAt: at,
  };
}

/** The kinds a filter asks for, or undefined for all. */
export function filterKinds(filter: MemoryFilter): MemoryKind[] | undefined {
  if (filter.kind === undefined) return undefined;
  const kinds = typeof filter.kind === 'string' ? [filter.kind] : [...filter.kind];
  for (const k of kinds) if (!MEMORY_KINDS.includes(k)) throw invalid(`"${String(k)}" is not a kind of memory`, `use one of ${MEMORY_KINDS.join(', ')}`);
  return kinds;
}

export function checkFilter(filter: MemoryFilter): void {
  filterKinds(filter);
  if (filter.near) {
    checkPosition(filter.near.position, 'the position to search near');
    if (!Number.isFinite(filter.near.radius) || filter.near.radius < 0) throw invalid(`a radius must be a number of blocks, 0 or more (got ${filter.near.radius})`);
  }
  for (const [name, d] of [['since', filter.since], ['until', filter.until], ['idleSince', filter.idleSince]] as const) {
    if (d !== undefined && Number.isNaN(d.getTime())) throw invalid(`${name} is not a valid time`);
  }
}

export function distance(a: Position, b: Position): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** Whether a memory passes a filter; stores use it for what their query language cannot say exactly. */
export function matches(memory: MemoryRecord, filter: MemoryFilter): boolean {
  const kinds = filterKinds(filter);
  if (kinds && !kinds.includes(memory.kind)) return false;
  const created = Date.parse(memory.createdAt);
  if (filter.since && created < filter.since.getTime()) return false;
  if (filter.until && created > filter.until.getTime()) return false;
  if (filter.idleSince && Date.parse(memory.accessedAt) >= filter.idleSince.getTime()) return false;
  if (filter.near) {
    if (!memory.position) return false;
    if (filter.near.dimension !== undefined && memory.dimension !== filter.near.dimension) return false;
    if (distance(memory.position, filter.near.position) > filter.near.radius) return false;
  }
  return true;
}

/** A copy that callers may change without changing what the store holds. */
export function copyRecord(memory: MemoryRecord): MemoryRecord {
  return structuredClone(memory);
}
