import type { EntityValue } from '../../core/plugin/hints.js';

/** The simulated home's areas, each with one dimmable light. */
export const DEFAULT_AREAS = [
  'garage',
  'kitchen',
  'living room',
  'bedroom',
  'bathroom',
  'office',
  'porch',
  'hallway',
  'basement',
  'backyard',
] as const;

/** Other names people use for the default areas. */
const SYNONYMS: Record<string, string[]> = {
  'living room': ['lounge', 'sitting room', 'family room', 'livingroom', 'front room', 'tv room'],
  bedroom: ['bed room', 'master bedroom', 'main bedroom'],
  bathroom: ['bath room', 'restroom', 'washroom', 'bath', 'toilet', 'loo', 'shower room'],
  office: ['study', 'home office', 'workroom'],
  porch: ['front porch', 'veranda', 'front door'],
  hallway: ['hall', 'corridor', 'entrance', 'entryway', 'foyer'],
  basement: ['cellar'],
  backyard: ['back yard', 'yard', 'garden', 'patio'],
  garage: [],
  kitchen: [],
};

/** The area vocabulary for a list of area names: each with its synonyms. */
export function areaValues(areas: readonly string[]): EntityValue[] {
  return areas.map((area) => {
    const value = area.trim().toLowerCase();
    return { value, names: [...new Set([value, ...(SYNONYMS[value] ?? [])])] };
  });
}
