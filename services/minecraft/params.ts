import { z } from 'zod';

const item = z.string().min(1).max(100).describe('A Minecraft item id, e.g. "stone_pickaxe" or "oak_log"').meta({ entity: 'minecraft-item' });
const count = z.number().int().min(1).max(2304).describe('How many').meta({ entity: 'count' });
const player = z.string().min(1).max(16).describe('A player name, or "me" for the requester').meta({ entity: 'person' });

export const obtainParams = z.object({ item, count });
export const playerParams = z.object({ player });
export const giveParams = z.object({
  player,
  item,
  count,
  all: z.boolean().describe('Every one the bot holds ("give me all your cobblestone"); the count is then left aside').optional(),
});
export const noParams = z.object({});
