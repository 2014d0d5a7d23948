import { describe, expect, it } from 'vitest';
import { createHashedEmbedder } from './hashed-embedder.js';
import { PlaceMemory } from './places.js';
import { openSqliteMemory } from './sqlite/sqlite-memory.js';

describe('places', () => {
  it('records chests, beds, crafting tables and furnaces, and finds the nearest of a kind within a radius', async () => {
    const store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 64 }) });
    const places = new PlaceMemory(store);
    await places.record({ position: { x: 100, y: 64, z: 100 }, what: 'crafting_table' });
    const near = await places.record({ position: { x: 12.7, y: 64, z: -3.2 }, what: 'Crafting Table', note: 'built by the bot' });
    await places.record({ position: { x: 5, y: 64, z: 5 }, what: 'minecraft:furnace' });
    await places.record({ position: { x: 2, y: 70, z: 1 }, dimension: 'the_nether', what: 'crafting_table' });
    await places.record({ position: { x: 3, y: 64, z: 3 }, what: 'chest', contents: [{ item: 'oak_log', count: 12 }] });

    expect(near.position).toEqual({ x: 12, y: 64, z: -4 });
    const found = await places.nearest('crafting_table', { position: { x: 0, y: 64, z: 0 }, radius: 32, dimension: 'overworld' });
    expect(found).toMatchObject({ id: near.id, what: 'crafting_table', dimension: 'overworld', note: 'built by the bot' });
    expect(found!.distance).toBeCloseTo(Math.hypot(12, 0, 4), 9);
    expect(await places.nearest('crafting_table', { position: { x: 0, y: 64, z: 0 }, radius: 10, dimension: 'overworld' })).toBeUndefined();
    // Any dimension: the chest, the nether's crafting table, the furnace.
    expect((await places.near({ position: { x: 0, y: 64, z: 0 }, radius: 10 })).map((p) => `${p.what}:${p.dimension}`)).toEqual(['chest:overworld', 'crafting_table:the_nether', 'furnace:overworld']);

    // Seen again with other contents: the same place, updated.
    await places.record({ position: { x: 3, y: 64, z: 3 }, what: 'chest', contents: [{ item: 'cobblestone', count: 64 }] });
    expect(await places.holding('oak_log')).toEqual([]);
    const chests = await places.holding('cobblestone', { position: { x: 0, y: 64, z: 0 }, radius: 20 });
    expect(chests).toHaveLength(1);
    expect(chests[0]!.contents).toEqual([{ item: 'cobblestone', count: 64 }]);
    expect(await store.count({ kind: 'place' })).toBe(5);

    expect(await places.remove(near.id)).toBe(true);
    expect((await places.nearest('crafting_table', { position: { x: 0, y: 64, z: 0 }, radius: 500, dimension: 'overworld' }))!.position).toEqual({ x: 100, y: 64, z: 100 });
    await store.close();
  });

  it('keeps a name for one place, and finds places by name, or by a word of their name', async () => {
    const store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 64 }) });
    const places = new PlaceMemory(store);
    await places.record({ position: { x: 3, y: 64, z: 3 }, what: 'chest' });
    await places.record({ position: { x: 9, y: 64, z: 9 }, what: 'chest' });
    const first = await places.name({ position: { x: 1, y: 64, z: 1 }, what: 'Home', note: 'named by alice' });
    expect(first).toMatchObject({ what: 'home', note: 'named by alice' });
    // Named again elsewhere: only there.
    await places.name({ position: { x: 40.5, y: 70, z: -2.2 }, what: 'home' });
    expect((await places.called('home')).map((p) => p.position)).toEqual([{ x: 40, y: 70, z: -3 }]);
    // Named again where it is: the same place.
    await places.name({ position: { x: 40, y: 70, z: -3 }, what: 'home' });
    expect(await places.called('home')).toHaveLength(1);

    expect((await places.called('chest')).map((p) => p.position.x).sort()).toEqual([3, 9]);
    await places.name({ position: { x: 0, y: 64, z: 50 }, what: 'wheat farm' });
    expect((await places.called('farm')).map((p) => p.what)).toEqual(['wheat_farm']);
    // An exact name wins over a word of another's.
    await places.name({ position: { x: 0, y: 64, z: 60 }, what: 'farm' });
    expect((await places.called('farm')).map((p) => p.what)).toEqual(['farm']);
    expect(await places.called('castle')).toEqual([]);
    // The named ones, by name: not the chests it saw.
    expect((await places.named()).map((p) => p.what)).toEqual(['farm', 'home', 'wheat_farm']);
    await store.close();
  });
  it('forgets the places the household named so, not the blocks of that kind the bot saw', async () => {
    const store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 64 }) });
    const places = new PlaceMemory(store);
    await places.record({ position: { x: 3, y: 64, z: 3 }, what: 'chest' });
    await places.name({ position: { x: 10, y: 64, z: 10 }, what: 'home' });
    await places.name({ position: { x: 20, y: 64, z: 20 }, what: 'wheat farm' });
    expect((await places.forgetNamed('Wheat Farm')).map((p) => p.position)).toEqual([{ x: 20, y: 64, z: 20 }]);
    expect(await places.forgetNamed('wheat farm')).toEqual([]);
    // A kind of block the bot saw is no name: it stays.
    expect(await places.forgetNamed('chest')).toEqual([]);
    expect((await places.called('chest')).map((p) => p.position)).toEqual([{ x: 3, y: 64, z: 3 }]);
    expect((await places.named()).map((p) => p.what)).toEqual(['home']);
    await store.close();
  });
});
