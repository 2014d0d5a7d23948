import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryError } from '../errors.js';
import type { Embedder } from './embedder.js';
import { createHashedEmbedder } from './hashed-embedder.js';
import type { VectorMemory } from './memory.js';
import type { ScoringSettings } from './scoring.js';

/** What the suite gives an implementation to open a fresh, empty memory with. */
export interface MemoryFactoryInput {
  embedder: Embedder;
  clock: () => Date;
  scoring?: ScoringSettings;
}

export type MemoryFactory = (input: MemoryFactoryInput) => Promise<VectorMemory>;

const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const hours = (h: number) => new Date(T0 + h * 3_600_000);

/**
 * The behaviour every VectorMemory must have. Each test opens a fresh memory with the
 * offline embedder and a clock the test moves.
 */
export function memoryConformance(name: string, open: MemoryFactory): void {
  describe(`VectorMemory conformance: ${name}`, () => {
    let now = hours(0);
    let memory: VectorMemory;
    const embedder = createHashedEmbedder({ dimensions: 128 });
    const fresh = (scoring?: ScoringSettings) => open({ embedder, clock: () => now, ...(scoring ? { scoring } : {}) });

    beforeEach(async () => {
      now = hours(0);
      memory = await fresh();
    });
    afterEach(async () => {
      await memory.close();
    });

    it('stores a memory and reads it back as it was given', async () => {
      const stored = await memory.add({
        kind: 'place',
        text: 'a chest with oak logs and cobblestone',
        importance: 60,
        position: { x: 10, y: 64, z: -5 },
        dimension: 'overworld',
        data: { what: 'chest', contents: [{ item: 'oak_log', count: 12 }] },
      });
      expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
      const read = await memory.get(stored.id);
      expect(read).toEqual(stored);
      expect(read).toMatchObject({ kind: 'place', importance: 60, position: { x: 10, y: 64, z: -5 }, dimension: 'overworld', createdAt: now.toISOString() });
      expect(read?.data).toEqual({ what: 'chest', contents: [{ item: 'oak_log', count: 12 }] });
      expect(await memory.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    });

    it('finds memories by meaning, most relevant first', async () => {
      await memory.addMany([
        { kind: 'fact', text: 'my email is ada@example.com' },
        { kind: 'fact', text: 'the garage light is the one by the door' },
        { kind: 'fact', text: 'the cat is fed at seven in the evening' },
      ]);
      const found = await memory.search({ text: 'which light is the garage light?', limit: 3 });
      expect(found).toHaveLength(3);
      expect(found[0]!.memory.text).toBe('the garage light is the one by the door');
      expect(found[0]!.relevance).toBeGreaterThan(found[1]!.relevance);
      const email = await memory.search({ text: 'email address', limit: 1 });
      expect(email[0]!.memory.text).toContain('ada@example.com');
    });

    it('scores recency, importance and relevance, with weights that change the order', async () => {
      await memory.add({ kind: 'perception', text: 'saw a creeper near the base', importance: 90 });
      now = hours(200);
      await memory.add({ kind: 'perception', text: 'saw a creeper near the base today', importance: 10 });
      const byImportance = await memory.search({ text: 'creeper near the base', weights: { recency: 0, importance: 1, relevance: 0 }, touch: false });
      expect(byImportance[0]!.memory.importance).toBe(90);
      const byRecency = await memory.search({ text: 'creeper near the base', weights: { recency: 1, importance: 0, relevance: 0 }, touch: false });
      expect(byRecency[0]!.memory.importance).toBe(10);
      expect(byRecency[0]!.recency).toBeCloseTo(1, 5);
      expect(byRecency[1]!.recency).toBeCloseTo(Math.pow(0.995, 200), 5);
      for (const s of byRecency) {
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeLessThanOrEqual(1);
        expect(s.importance).toBeCloseTo(s.memory.importance / 100, 9);
      }
    });

    it('counts a search result as recalled, unless told not to', async () => {
      const m = await memory.add({ kind: 'fact', text: 'the spare key is under the flower pot' });
      now = hours(48);
      await memory.search({ text: 'spare key', touch: false });
      expect((await memory.get(m.id))!.accessedAt).toBe(hours(0).toISOString());
      const [hit] = await memory.search({ text: 'spare key' });
      expect(hit!.recency).toBeCloseTo(Math.pow(0.995, 48), 5);
      expect((await memory.get(m.id))!.accessedAt).toBe(hours(48).toISOString());
    });

    it('filters by kind and by time', async () => {
      await memory.add({ kind: 'lesson', text: 'turning on the garage light worked with lights' });
      now = hours(10);
      await memory.add({ kind: 'fact', text: 'the garage light is the one by the door' });
      now = hours(20);
      await memory.add({ kind: 'perception', text: 'the garage light was on at night' });
      const facts = await memory.search({ text: 'garage light', kind: 'fact' });
      expect(facts.map((f) => f.memory.kind)).toEqual(['fact']);
      const two = await memory.search({ text: 'garage light', kind: ['fact', 'perception'] });
      expect(two.map((f) => f.memory.kind).sort()).toEqual(['fact', 'perception']);
      const late = await memory.search({ text: 'garage light', since: hours(5) });
      expect(late.map((f) => f.memory.kind).sort()).toEqual(['fact', 'perception']);
      const window = await memory.search({ text: 'garage light', since: hours(5), until: hours(15) });
      expect(window.map((f) => f.memory.kind)).toEqual(['fact']);
      expect(await memory.count({ kind: 'lesson' })).toBe(1);
      expect(await memory.count({ until: hours(10) })).toBe(2);
    });

    it('filters by distance from a position, in a dimension', async () => {
      await memory.addMany([
        { kind: 'place', text: 'crafting table', position: { x: 0, y: 64, z: 0 }, dimension: 'overworld' },
        { kind: 'place', text: 'crafting table', position: { x: 30, y: 64, z: 40 }, dimension: 'overworld', key: 'far' },
        { kind: 'place', text: 'crafting table', position: { x: 3, y: 64, z: 4 }, dimension: 'the_nether' },
        { kind: 'place', text: 'furnace', position: { x: 2, y: 64, z: 2 }, dimension: 'overworld' },
        { kind: 'fact', text: 'crafting tables are made of planks' },
      ]);
      const near = await memory.search({ text: 'crafting table', kind: 'place', near: { position: { x: 1, y: 64, z: 1 }, radius: 10, dimension: 'overworld' } });
      expect(near.map((n) => n.memory.text).sort()).toEqual(['crafting table', 'furnace']);
      expect(near.find((n) => n.memory.text === 'crafting table')!.distance).toBeCloseTo(Math.SQRT2, 9);
      const anyDimension = await memory.list({ near: { position: { x: 1, y: 64, z: 1 }, radius: 6 } });
      expect(anyDimension).toHaveLength(3);
      // 50 blocks away: in the box of radius 49 (|dx| 30, |dz| 40) but not in the sphere.
      expect(await memory.count({ near: { position: { x: 0, y: 64, z: 0 }, radius: 49 } })).toBe(3);
      expect(await memory.count({ near: { position: { x: 0, y: 64, z: 0 }, radius: 50 } })).toBe(4);
    });

    it('replaces a memory stored again with the same kind and key', async () => {
      const first = await memory.add({ kind: 'place', key: 'overworld:1,64,1:chest', text: 'chest with oak logs', position: { x: 1, y: 64, z: 1 } });
      now = hours(1);
      const second = await memory.add({ kind: 'place', key: 'overworld:1,64,1:chest', text: 'chest with cobblestone', position: { x: 1, y: 64, z: 1 } });
      const otherKind = await memory.add({ kind: 'fact', key: 'overworld:1,64,1:chest', text: 'chests hold 27 stacks' });
      expect(second.id).toBe(first.id);
      expect(otherKind.id).not.toBe(first.id);
      expect(await memory.count({ kind: 'place' })).toBe(1);
      expect((await memory.get(first.id))!.text).toBe('chest with cobblestone');
      const found = await memory.search({ text: 'cobblestone', kind: 'place' });
      expect(found).toHaveLength(1);
      expect(found[0]!.memory.createdAt).toBe(hours(1).toISOString());
    });

    it('lists newest first or longest idle first, with limits, and deletes', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        now = hours(i);
        ids.push((await memory.add({ kind: 'perception', text: `observation number ${i}` })).id);
      }
      now = hours(10);
      await memory.search({ text: 'observation number 0', limit: 1 });
      const newest = await memory.list({}, { limit: 2 });
      expect(newest.map((m) => m.text)).toEqual(['observation number 4', 'observation number 3']);
      const page = await memory.list({}, { limit: 2, offset: 2 });
      expect(page.map((m) => m.text)).toEqual(['observation number 2', 'observation number 1']);
      const idle = await memory.list({}, { order: 'idle', limit: 5 });
      expect(idle.at(-1)!.text).toBe('observation number 0');
      expect(idle[0]!.text).toBe('observation number 1');
      expect(await memory.count({ idleSince: hours(3) })).toBe(2);
      expect(await memory.delete([ids[1]!, ids[2]!, '00000000-0000-4000-8000-000000000000'])).toBe(2);
      expect(await memory.count()).toBe(3);
      const found = await memory.search({ text: 'observation number 1', limit: 10 });
      expect(found.map((f) => f.memory.id)).not.toContain(ids[1]);
    });

    it('drops results below a relevance floor', async () => {
      await memory.addMany([
        { kind: 'fact', text: 'the wifi password is on the fridge' },
        { kind: 'fact', text: 'grandma visits on sundays' },
      ]);
      const found = await memory.search({ text: 'wifi password', minRelevance: 0.3 });
      expect(found.map((f) => f.memory.text)).toEqual(['the wifi password is on the fridge']);
    });

    it('refuses bad memories and bad queries with coded errors, storing nothing', async () => {
      const bad = [
        { kind: 'dream', text: 'x' },
        { kind: 'fact', text: '   ' },
        { kind: 'fact', text: 'x', importance: 101 },
        { kind: 'place', text: 'x', position: { x: 1, y: Number.NaN, z: 0 } },
      ];
      for (const m of bad) {
        const error = await memory.add(m as never).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MemoryError);
        expect((error as MemoryError).code).toBe('MJ_ERR_MEMORY_INVALID');
      }
      await expect(memory.addMany([{ kind: 'fact', text: 'fine' }, { kind: 'fact', text: '' }])).rejects.toThrow(MemoryError);
      expect(await memory.count()).toBe(0);
      await expect(memory.search({ text: 'x', near: { position: { x: 0, y: 0, z: 0 }, radius: -1 } })).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_INVALID' });
      await expect(memory.search({ text: 'x', limit: 0 })).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_INVALID' });
    });

    it('finds the right memory among many', async () => {
      const many = Array.from({ length: 300 }, (_, i) => ({ kind: 'perception' as const, text: `the chest number ${i} holds ${i % 7} stacks of item${i}` }));
      await memory.addMany(many);
      await memory.add({ kind: 'perception', text: 'the blaze rods are in the nether fortress chest' });
      const [hit] = await memory.search({ text: 'where are the blaze rods?', limit: 1 });
      expect(hit!.memory.text).toBe('the blaze rods are in the nether fortress chest');
      expect(await memory.count()).toBe(301);
    });

    it('fails with a coded error once closed', async () => {
      const other = await fresh();
      await other.close();
      await expect(other.add({ kind: 'fact', text: 'x' })).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_CLOSED' });
      await expect(other.search({ text: 'x' })).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_CLOSED' });
    });
  });
}
