import type { Place, PlaceMemory } from '../../../core/memory/places.js';
import type { Logger } from '../../../core/util/logger.js';
import type { PlanContext } from '../task/planner.js';
import type { Position } from '../task/state.js';

/** How far a remembered crafting table or furnace counts as at hand: the bot walks there rather than making one. */
export const REMEMBERED_RANGE = 64;

/** The blocks the bot remembers when it sees or places them. */
export type Station = 'crafting_table' | 'furnace';

/** How long a remembered place the bot could not reach is passed over. */
export const UNREACHABLE_MS = 10 * 60_000;

/** Note kept with the stations the bot placed itself: those it may pick up again. */
export const PLACED_NOTE = 'placed by the bot';

/** What is at a block now: its name, or undefined when its chunk is not loaded. */
export type BlockLookup = (at: Position) => string | undefined;

/** Whether a remembered block of this kind is still what is there ("red_bed" is a bed). */
function stillThere(what: string, name: string): boolean {
  return what === 'bed' ? name.endsWith('_bed') : name === what;
}

/**
 * The Minecraft bot's side of the places memory: it records the stations it places and the
 * crafting tables, furnaces, chests and beds it sees, and looks there first. Without memory
 * (it is off) every call does nothing and finds nothing. Memory failing never fails a step:
 * the bot goes on as if it remembered nothing, and the logger says why.
 */
export class KnownPlaces {
  constructor(
    readonly memory: PlaceMemory | undefined,
    readonly logger?: Logger,
    readonly radius = REMEMBERED_RANGE,
    readonly clock: () => number = Date.now,
  ) {}

  /** Places the bot could not walk to, by id, until when they are passed over. */
  readonly #unreachable = new Map<string, number>();

  /** Passes over a place for a while: the bot could not get there (walled in, far in an unloaded chunk). */
  unreachable(place: Place): void {
    this.#unreachable.set(place.id, this.clock() + UNREACHABLE_MS);
  }

  #passedOver(place: Place): boolean {
    const until = this.#unreachable.get(place.id);
    if (until === undefined) return false;
    if (until > this.clock()) return true;
    this.#unreachable.delete(place.id);
    return false;
  }

  async #quietly<T>(what: string, run: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.logger?.warn({ err: error }, `memory of places: ${what} failed; going on without it`);
      return otherwise;
    }
  }

  /** Records a block seen at a position; keeps the note of what was known there (who placed it). */
  async seen(what: string, at: Position, dimension: string): Promise<void> {
    const memory = this.memory;
    if (!memory) return;
    await this.#quietly(`recording a ${what}`, async () => {
      const known = (await memory.near({ position: at, radius: 0.5, dimension, what }))[0];
      await memory.record({ position: at, dimension, what, ...(known?.note ? { note: known.note } : {}) });
    }, undefined);
  }

  /** Records a station the bot placed. */
  async placed(what: Station, at: Position, dimension: string): Promise<void> {
    await this.#quietly(`recording the ${what} placed`, async () => void (await this.memory?.record({ position: at, dimension, what, note: PLACED_NOTE, importance: 70 })), undefined);
  }

  /**
   * The nearest remembered station within {@link radius} in the same dimension. Those whose
   * block is loaded and is something else now are forgotten on the way.
   */
  async nearest(what: Station, from: Position, dimension: string, blockAt?: BlockLookup, only?: (p: Place) => boolean): Promise<Place | undefined> {
    const memory = this.memory;
    if (!memory) return undefined;
    for (const place of await this.#quietly(`looking up a ${what}`, () => memory.near({ position: from, radius: this.radius, dimension, what }), [])) {
      if (this.#passedOver(place)) continue;
      if (blockAt && !(await this.check(place, blockAt))) continue;
      if (!only || only(place)) return place;
    }
    return undefined;
  }

  /** Stations the bot placed itself, remembered within range: what it may pick up when asked for one. */
  async own(what: Station, from: Position, dimension: string, blockAt?: BlockLookup): Promise<Place | undefined> {
    return this.nearest(what, from, dimension, blockAt, (p) => p.note === PLACED_NOTE);
  }

  /**
   * What the planner is told about stations: one in sight or remembered within range counts
   * as at hand (the bot walks there rather than making one); one the bot placed itself may be
   * picked up when a station is what is asked for.
   */
  async stations(inSight: Record<Station, boolean>, from: Position, dimension: string, blockAt?: BlockLookup): Promise<Pick<PlanContext, 'craftingTableNearby' | 'furnaceNearby' | 'pickUp'>> {
    const pickUp: NonNullable<PlanContext['pickUp']> = {};
    const nearby: Record<Station, boolean> = { crafting_table: false, furnace: false };
    for (const name of ['crafting_table', 'furnace'] as const) {
      nearby[name] = inSight[name] || (await this.nearest(name, from, dimension, blockAt)) !== undefined;
      const own = await this.own(name, from, dimension, blockAt);
      if (own) pickUp[name] = own.position;
    }
    return { craftingTableNearby: nearby.crafting_table, furnaceNearby: nearby.furnace, ...(Object.keys(pickUp).length > 0 ? { pickUp } : {}) };
  }

  /** False (and the place is forgotten) when its block is loaded and is not what was remembered. */
  async check(place: Place, blockAt: BlockLookup): Promise<boolean> {
    const name = blockAt(place.position);
    if (name === undefined || stillThere(place.what, name)) return true;
    await this.forget(place);
    return false;
  }

  /** Forgets a place whose block is gone. */
  async forget(place: Place): Promise<void> {
    await this.#quietly(`forgetting the ${place.what} at ${place.position.x} ${place.position.y} ${place.position.z}`, async () => void (await this.memory?.remove(place.id)), undefined);
  }
}
