import { afterEach, describe, expect, it } from 'vitest';
import { FactMemory } from '../../core/memory/facts.js';
import { createHashedEmbedder } from '../../core/memory/hashed-embedder.js';
import { openSqliteMemory } from '../../core/memory/sqlite/sqlite-memory.js';
import { toldAddress } from './told-addresses.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
});

async function told(...texts: string[]): Promise<FactMemory> {
  const memory = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder() });
  opened.push(memory);
  const facts = new FactMemory(memory);
  for (const text of texts) await facts.remember(text, 'console:local');
  return facts;
}

describe('the address told for someone named by name', () => {
  it('is read from what was told of them, by name or by who they are', async () => {
    const facts = await told("bob's email is Bob@Example.com", 'my wife jane uses jane@example.org for mail', 'the garage code is 4321');
    expect(await toldAddress(facts, 'bob')).toEqual({ kind: 'one', address: 'bob@example.com' });
    expect(await toldAddress(facts, 'my wife')).toEqual({ kind: 'one', address: 'jane@example.org' });
    expect(await toldAddress(facts, 'Jane')).toEqual({ kind: 'one', address: 'jane@example.org' });
  });

  it('is none for someone only an address names, or nobody told of', async () => {
    const facts = await told('my email is carol@example.com');
    expect(await toldAddress(facts, 'carol')).toEqual({ kind: 'none' });
    expect(await toldAddress(facts, 'dave')).toEqual({ kind: 'none' });
    expect(await toldAddress(facts, 'the')).toEqual({ kind: 'none' });
  });

  it('gives every address told for them when they differ', async () => {
    const facts = await told("sam's email is sam@work.example", "sam's home email is sam@home.example");
    expect(await toldAddress(facts, 'sam')).toEqual({ kind: 'several', addresses: ['sam@home.example', 'sam@work.example'] });
  });
});
