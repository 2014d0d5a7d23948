/** What the bot senses that its reflexes act on. */
export interface Senses {
  health: number;
  food: number;
  /** Edible items held, the best first. */
  foods: string[];
  /** The nearest hostile mob, if one is close. */
  hostile?: { id: number; name: string; distance: number };
  /** Whether the bot is trying to walk but has not moved for a while. */
  stuck: boolean;
}

export type Reflex =
  | { kind: 'eat'; food: string }
  | { kind: 'fight'; target: number; name: string }
  | { kind: 'flee'; from: number; name: string }
  | { kind: 'unstuck' };

/** Below this food level the bot eats (health stops regenerating under 18). */
export const HUNGRY = 14;
/** At or below this health the bot runs from a mob rather than fight it. */
export const FLEE_HEALTH = 8;
/** Mobs closer than this are dealt with. */
export const DANGER_RANGE = 6;

/**
 * Which reflex acts now, if any; self-preservation first: a mob close by is fought while
 * the bot is healthy, fled from once it is hurt; then hunger; then being stuck.
 */
export function chooseReflex(s: Senses): Reflex | undefined {
  if (s.hostile && s.hostile.distance <= DANGER_RANGE) {
    if (s.health <= FLEE_HEALTH) return { kind: 'flee', from: s.hostile.id, name: s.hostile.name };
    return { kind: 'fight', target: s.hostile.id, name: s.hostile.name };
  }
  if (s.food < HUNGRY && s.foods.length > 0) return { kind: 'eat', food: s.foods[0]! };
  // Hurt and not full: eating restores health over time too.
  if (s.health <= FLEE_HEALTH && s.food < 20 && s.foods.length > 0) return { kind: 'eat', food: s.foods[0]! };
  if (s.stuck) return { kind: 'unstuck' };
  return undefined;
}
