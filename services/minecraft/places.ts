import type { EntityValue } from '../../core/plugin/hints.js';

/**
 * Places a household calls by name in the game ("go home", "come to the farm") and the blocks
 * the bot remembers seeing (chests, beds, crafting tables, furnaces). A place is remembered
 * under any name ("remember this place as the wheat farm"); these are the words that say a
 * place is meant where a player's name could be ("go to the farm", not to a player "farm").
 */
const NAMED = [
  'home', 'house', 'base', 'spawn', 'farm', 'mine', 'camp', 'village', 'portal', 'tower', 'castle', 'shop', 'storage',
  'garden', 'barn', 'cave', 'lake', 'beach', 'bridge', 'dock', 'shelter', 'hut', 'cabin', 'stable', 'pen', 'well', 'station',
];
/** Blocks the bot records where it sees them (see the places memory), by the words people use. */
const BLOCKS: Record<string, string[]> = {
  chest: ['chest', 'chests'],
  bed: ['bed', 'beds'],
  crafting_table: ['crafting table', 'crafting tables', 'workbench', 'work bench'],
  furnace: ['furnace', 'furnaces'],
};

export function placeValues(): EntityValue[] {
  return [
    ...NAMED.map((value) => ({ value, names: [value] })),
    ...Object.entries(BLOCKS).map(([value, names]) => ({ value, names })),
  ];
}

/** A place's name as it is kept: "The Farm" and "my farm" are "farm", "wheat farm" is "wheat farm". */
export function placeName(said: string): string {
  return said
    .trim()
    .toLowerCase()
    .replace(/^(?:(?:the|my|our|your|a|an)\s+)+/, '')
    .replace(/[.!?]+$/, '');
}
