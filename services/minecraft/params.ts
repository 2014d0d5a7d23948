import { z } from 'zod';

const item = z.string().min(1).max(100).describe('A Minecraft item id, e.g. "stone_pickaxe" or "oak_log"').meta({ entity: 'minecraft-item' });
const count = z.number().int().min(1).max(2304).describe('How many').meta({ entity: 'count' });
const player = z.string().min(1).max(16).describe('A player name, or "me" for the requester').meta({ entity: 'person' });

const anyKind = z
  .boolean()
  .describe('Said without what it is made of ("your pickaxe", "your logs", "some food"): when the bot holds too few of this one, another of its kind that it holds will do')
  .optional();
const half = z.boolean().describe('Half of those the bot holds, rounded down ("give alice half your cobblestone"); the count is then left aside').optional();
export const obtainParams = z.object({ item, count, anyKind });
export const playerParams = z.object({ player });
export const giveParams = z.object({
  player,
  item,
  count,
  all: z.boolean().describe('Every one the bot holds ("give me all your cobblestone"); the count is then left aside').optional(),
  half,
  anyKind,
});
export const dropParams = z.object({
  item,
  count,
  all: z.boolean().describe('Every one the bot holds ("drop all your dirt"); the count is then left aside').optional(),
  half,
  anyKind,
});
/** Everything the bot carries: dropped where it stands, or given to a player. */
export const emptyParams = z.object({
  player: player.optional().describe('A player to give it all to, or "me" for the requester; omitted = dropped where the bot stands'),
});
export const noParams = z.object({});

/** Block coordinates; the height may be left out when going somewhere ("x 100 z -20"). */
const position = z
  .object({ x: z.number().int(), y: z.number().int().min(-64).max(320).optional(), z: z.number().int() })
  .describe('Block coordinates: x, y (the height, which may be left out) and z')
  .meta({ entity: 'position' });
const place = z.string().min(1).max(40).describe('A place the bot knows by name: one named by the household ("home", "the farm") or a kind of block it saw ("chest", "bed")').meta({ entity: 'minecraft-place' });

export const gotoPlaceParams = z
  .object({ position: position.optional(), place: place.optional() })
  .refine((a) => (a.position === undefined) !== (a.place === undefined), {
    message: 'say where: coordinates ("go to 100 64 -20") or a place I know by name ("go home"), one of them',
  });
export const rememberPlaceParams = z
  .object({
    name: z.string().trim().min(1).max(40).describe('What to call the place: "home", "the farm", "base"').meta({ entity: 'text' }),
    position: position.optional(),
  })
  .refine((a) => a.position === undefined || a.position.y !== undefined, { message: 'say its height too: x, y and z ("remember 100 64 -20 as the farm")', path: ['position'] });
/** Which known place: a name or a kind of block ("the farm", "chests"). */
export const findPlaceParams = z.object({ place });
