import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../../../core/errors.js';

const source = z.object({
  item: z.string(),
  /** Blocks that drop the item, the preferred one first. */
  blocks: z.array(z.string()).min(1),
  /** The least tool that harvests them; omitted = what minecraft-data says. */
  tool: z.string().optional(),
  /** How far to look first. */
  search: z.number().int().min(4).max(256).optional(),
  where: z.string().optional(),
});

const smelting = z.object({ item: z.string(), input: z.string() });
const hunting = z.object({ item: z.string(), mobs: z.array(z.string()).min(1), search: z.number().int().min(4).max(256).optional(), where: z.string().optional() });

/** A standard procedure: what recipes cannot tell (where things are, what smelts into what, what to hunt). */
export const guideSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  /** Items and concepts the guide is about; a task's items are matched against them. */
  tags: z.array(z.string()).min(1),
  advice: z.array(z.string()).default([]),
  sources: z.array(source).default([]),
  smelting: z.array(smelting).default([]),
  hunting: z.array(hunting).default([]),
  /** Fuels, the preferred first. */
  fuel: z.array(z.string()).default([]),
});

export type Guide = z.output<typeof guideSchema>;
export type GuideSource = z.output<typeof source>;
export type GuideSmelting = z.output<typeof smelting>;
export type GuideHunting = z.output<typeof hunting>;

/** The guides shipped with the bot. */
export const GUIDES_DIR = fileURLToPath(new URL('../guides/', import.meta.url));

/** Reads and checks every `*.yaml` guide of a directory; a bad guide stops with its file named. */
export function loadGuides(dir: string = GUIDES_DIR): Guide[] {
  const guides: Guide[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const path = join(dir, file);
    const parsed = guideSchema.safeParse(parse(readFileSync(path, 'utf8')));
    if (!parsed.success) throw new ConfigError(`the Minecraft guide ${file} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, [], { hint: 'fix the guide file' });
    guides.push(parsed.data);
  }
  return guides;
}

/**
 * Finds guides by tags. A tag matches an item name exactly, or a word of it ("iron" matches
 * "iron_ingot" and "raw_iron"). Guides with more matching tags come first.
 */
export class GuideRetriever {
  readonly #guides: Guide[];

  constructor(guides: Guide[]) {
    this.#guides = guides;
  }

  /** Guides matching any of the tags, best first. */
  retrieve(tags: readonly string[]): Guide[] {
    const words = new Set(tags.flatMap((t) => [t, ...t.split('_')]));
    return this.#guides
      .map((guide) => ({ guide, score: guide.tags.filter((t) => words.has(t)).length + guide.tags.filter((t) => tags.includes(t)).length }))
      .filter((m) => m.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((m) => m.guide);
  }

  /** Where an item comes from when it is mined, and the guide that says so. */
  source(item: string): { guide: Guide; source: GuideSource } | undefined {
    return this.#first(item, (g) => g.sources.find((s) => s.item === item), 'source');
  }

  /** What an item is smelted from. */
  smelting(item: string): { guide: Guide; smelting: GuideSmelting } | undefined {
    return this.#first(item, (g) => g.smelting.find((s) => s.item === item), 'smelting');
  }

  /** Which mobs drop an item. */
  hunting(item: string): { guide: Guide; hunting: GuideHunting } | undefined {
    return this.#first(item, (g) => g.hunting.find((s) => s.item === item), 'hunting');
  }

  /** Fuels to use in a furnace, the preferred first. */
  fuels(): string[] {
    return [...new Set(this.retrieve(['fuel', 'smelting']).flatMap((g) => g.fuel))];
  }

  #first<T, K extends string>(item: string, pick: (g: Guide) => T | undefined, key: K): ({ guide: Guide } & Record<K, T>) | undefined {
    for (const guide of this.retrieve([item])) {
      const found = pick(guide);
      if (found) return { guide, [key]: found } as { guide: Guide } & Record<K, T>;
    }
    return undefined;
  }
}
