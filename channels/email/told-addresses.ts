import type { FactMemory } from '../../core/memory/facts.js';

/** Words that say whose, not who: "my wife" is found as "wife". */
const WHOSE = new Set(['my', 'our', 'the', 'his', 'her', 'their']);
/** An address inside a sentence. */
const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[a-z]{2,}/gi;
/** Facts looked through for a name. */
const FACTS_READ = 10;

export type ToldAddress = { kind: 'one'; address: string } | { kind: 'several'; addresses: string[] } | { kind: 'none' };

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
}

/**
 * The address the household told for someone named by a name or by who they are ("remember
 * that bob's email is bob@example.com", "my wife's address is ..."): read from the facts that
 * name them, outside an address, and hold one address. Different addresses told for them
 * are all returned, for the requester to choose from.
 */
export async function toldAddress(facts: FactMemory, name: string): Promise<ToldAddress> {
  const who = [...wordsOf(name)].filter((w) => !WHOSE.has(w));
  if (who.length === 0) return { kind: 'none' };
  const found = await facts.recall(`${name} email address`, FACTS_READ);
  const addresses = new Set<string>();
  for (const { memory } of found) {
    const held = memory.text.match(ADDRESS) ?? [];
    if (held.length !== 1) continue;
    const said = wordsOf(memory.text.replace(ADDRESS, ' '));
    if (who.every((w) => said.has(w))) addresses.add(held[0]!.toLowerCase());
  }
  if (addresses.size === 0) return { kind: 'none' };
  return addresses.size === 1 ? { kind: 'one', address: [...addresses][0]! } : { kind: 'several', addresses: [...addresses].sort() };
}
