import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GuideRetriever, loadGuides } from './guides.js';

describe('guides', () => {
  const retriever = new GuideRetriever(loadGuides());

  it('are found by tags: item names and their words', () => {
    expect(retriever.retrieve(['iron_sword']).map((g) => g.id)).toContain('ores');
    expect(retriever.retrieve(['cooked_beef'])[0]?.id).toBe('food');
    expect(retriever.retrieve(['nothing_like_this'])).toEqual([]);
  });

  it('tell what recipes cannot: where ores are and which tool, what smelts into what, what to hunt', () => {
    expect(retriever.source('raw_iron')?.source).toMatchObject({ blocks: ['iron_ore', 'deepslate_iron_ore'], tool: 'stone_pickaxe' });
    expect(retriever.smelting('iron_ingot')?.smelting.input).toBe('raw_iron');
    expect(retriever.hunting('beef')?.hunting.mobs).toEqual(['cow']);
    expect(retriever.fuels()[0]).toBe('coal');
  });

  it('refuse a bad guide file, naming it and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guides-'));
    try {
      writeFileSync(join(dir, 'broken.yaml'), 'id: broken\ntitle: Broken\ntags: []\n');
      expect(() => loadGuides(dir)).toThrow(/broken\.yaml.*tags/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
