import type { MemoryRecord, Position, VectorMemory } from './memory.js';

/** Items in a container, as Minecraft ids and counts. */
export interface ItemStack {
  item: string;
  count: number;
}

/** A place to remember: a block that matters (a chest, a bed, a crafting table, a furnace). */
export interface PlaceInput {
  /** Block coordinates. */
  position: Position;
  /** The world or dimension, e.g. `overworld`, `the_nether`. Default `overworld`. */
  dimension?: string;
  /** What it is, as a Minecraft block id or in words: `chest`, `crafting_table`, `furnace`. */
  what: string;
  /** What it holds, for containers; replaces what was remembered before. */
  contents?: ItemStack[];
  /** Anything else worth knowing ("next to the front door", "built by the bot"). */
  note?: string;
  /** 0–100; default 60. */
  importance?: number;
  /** When it was seen; default now. */
  at?: Date;
}

/** A remembered place. */
export interface Place {
  id: string;
  position: Position;
  dimension: string;
  what: string;
  contents?: ItemStack[];
  note?: string;
  /** ISO-8601: when it was last recorded. */
  seenAt: string;
  /** Distance from the position asked about, when there was one. */
  distance?: number;
}

export interface NearQuery {
  position: Position;
  /** In blocks. */
  radius: number;
  dimension?: string;
}

/** How much a place named by the household counts: more than one the bot saw, so that forgetting keeps it. */
const NAMED_IMPORTANCE = 90;

/** `Crafting Table` and `crafting_table` are the same thing. */
function normalize(what: string): string {
  return what.trim().toLowerCase().replace(/^minecraft:/, '').replace(/[\s-]+/g, '_');
}

function block(p: Position): Position {
  return { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
}

function toPlace(m: MemoryRecord, distance?: number): Place {
  const d = (m.data ?? {}) as { what?: string; contents?: ItemStack[]; note?: string };
  return {
    id: m.id,
    position: m.position!,
    dimension: m.dimension ?? 'overworld',
    what: d.what ?? m.text,
    ...(d.contents ? { contents: d.contents } : {}),
    ...(d.note ? { note: d.note } : {}),
    seenAt: m.createdAt,
    ...(distance !== undefined ? { distance } : {}),
  };
}

/**
 * Where things are in a world. One memory per block and kind of thing: recording the same
 * chest again replaces what was known about it (its contents, when it was seen).
 */
export class PlaceMemory {
  readonly #memory: VectorMemory;

  constructor(memory: VectorMemory) {
    this.#memory = memory;
  }

  /** Remembers a place, or updates the one already known at that block. */
  async record(input: PlaceInput): Promise<Place> {
    const what = normalize(input.what);
    const position = block(input.position);
    const dimension = input.dimension ?? 'overworld';
    const holding = input.contents && input.contents.length > 0 ? ` holding ${input.contents.map((s) => `${s.count} ${s.item}`).join(', ')}` : '';
    const stored = await this.#memory.add({
      kind: 'place',
      key: `${dimension}:${position.x},${position.y},${position.z}:${what}`,
      text: `${what.replace(/_/g, ' ')} at ${position.x} ${position.y} ${position.z} in ${dimension}${holding}${input.note ? ` (${input.note})` : ''}`,
      importance: input.importance ?? 60,
      position,
      dimension,
      data: { what, ...(input.contents ? { contents: input.contents } : {}), ...(input.note ? { note: input.note } : {}) },
      ...(input.at ? { at: input.at } : {}),
    });
    return toPlace(stored);
  }

  /** Places within a radius, nearest first; only of one kind of thing when `what` is given. */
  async near(query: NearQuery & { what?: string }): Promise<Place[]> {
    const what = query.what === undefined ? undefined : normalize(query.what);
    const found = await this.#memory.list({ kind: 'place', near: query });
    return found
      .filter((m) => what === undefined || (m.data as { what?: string } | undefined)?.what === what)
      .map((m) => toPlace(m, Math.hypot(m.position!.x - query.position.x, m.position!.y - query.position.y, m.position!.z - query.position.z)))
      .sort((a, b) => a.distance! - b.distance!);
  }

  /** The nearest known place of a kind within a radius, or undefined: where to look first. */
  async nearest(what: string, query: NearQuery): Promise<Place | undefined> {
    return (await this.near({ ...query, what }))[0];
  }

  /**
   * Every known place of one kind of thing ("chest") or called by one name ("home"), in any
   * world; when none is, those whose name has it as a word ("farm" finds "wheat farm").
   */
  async called(what: string): Promise<Place[]> {
    const wanted = normalize(what);
    const all = (await this.#memory.list({ kind: 'place' })).map((m) => toPlace(m));
    const exact = all.filter((p) => p.what === wanted);
    return exact.length > 0 ? exact : all.filter((p) => p.what.split('_').includes(wanted));
  }

  /** The places the household named ("home", "the farm"), by name. */
  async named(): Promise<Place[]> {
    const all = await this.#memory.list({ kind: 'place' });
    return all
      .filter((m) => m.importance >= NAMED_IMPORTANCE)
      .map((m) => toPlace(m))
      .sort((a, b) => a.what.localeCompare(b.what));
  }

  /** Remembers a place by a name of the household's ("home", "the farm"): a name is one place, so whatever had it before no longer does. */
  async name(input: PlaceInput): Promise<Place> {
    const what = normalize(input.what);
    const before = (await this.#memory.list({ kind: 'place' })).filter((m) => (m.data as { what?: string } | undefined)?.what === what);
    const place = await this.record({ importance: NAMED_IMPORTANCE, ...input, what });
    const others = before.map((m) => m.id).filter((id) => id !== place.id);
    if (others.length > 0) await this.#memory.delete(others);
    return place;
  }

  /** Forgets the places the household called `what` ("home", "the farm"); what the bot saw of a kind of block stays. Returns those forgotten. */
  async forgetNamed(what: string): Promise<Place[]> {
    const wanted = normalize(what);
    const gone = (await this.named()).filter((p) => p.what === wanted);
    if (gone.length > 0) await this.#memory.delete(gone.map((p) => p.id));
    return gone;
  }

  /** Known containers holding an item, nearest first when a position is given. */
  async holding(item: string, query?: NearQuery): Promise<Place[]> {
    const wanted = normalize(item);
    const places = query ? await this.near(query) : (await this.#memory.list({ kind: 'place' })).map((m) => toPlace(m));
    return places.filter((p) => p.contents?.some((s) => normalize(s.item) === wanted && s.count > 0));
  }

  /** Forgets a place (it was broken or moved). True when it was known. */
  async remove(id: string): Promise<boolean> {
    return (await this.#memory.delete([id])) > 0;
  }
}
