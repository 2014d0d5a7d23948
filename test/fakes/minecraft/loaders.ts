import { createRequire } from 'node:module';
import type { IndexedData } from 'minecraft-data';
import type { Item, Window } from './squid.js';

/**
 * The version-bound classes of the prismarine libraries (CommonJS loaders taking a
 * registry), typed for what the test server uses.
 */

const require = createRequire(import.meta.url);

export type ItemClass = new (type: number, count: number, metadata?: number) => Item;

export function itemClass(registry: IndexedData): ItemClass {
  return (require('prismarine-item') as (registry: IndexedData) => ItemClass)(registry);
}

export interface Windows {
  createWindow(id: number, type: string, title: string, slotCount?: number): Window;
  windows: Record<string, { type: number | string } | null>;
}

export function windowsFor(registry: IndexedData): Windows {
  return (require('prismarine-windows') as (registry: IndexedData) => Windows)(registry);
}

export interface ChunkLike {
  setBlockStateId(position: { x: number; y: number; z: number }, stateId: number): void;
  setSkyLight(position: { x: number; y: number; z: number }, light: number): void;
  setBiome(position: { x: number; y: number; z: number }, biome: number): void;
}

export function chunkClass(registry: IndexedData): new () => ChunkLike {
  return (require('prismarine-chunk') as (registry: IndexedData) => new () => ChunkLike)(registry);
}
