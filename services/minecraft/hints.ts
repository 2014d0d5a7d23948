import type { MethodHints, RefineInfo } from '../../core/plugin/hints.js';
import { plural } from '../../core/util/text.js';
import { saidWithoutMaterial } from './items.js';

/** Logs and stems by wood type: "oak_log", "stripped_spruce_log", "crimson_stem". */
const WOOD = /^(?:stripped_)?([a-z_]+?)_(?:log|wood|stem|hyphae)$/;
/** Planks one log crafts into. */
const PLANKS_PER_LOG = 4;

/**
 * "planks" alone means oak planks, unless they are made from something: "get 3 spruce logs,
 * then craft planks from them" means spruce planks, four per log.
 */
function planksFromLogs(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  if (args['item'] !== 'oak_planks' || /\boak\b/.test(info.text)) return args;
  const source = info.antecedent?.args['item'];
  const wood = typeof source === 'string' ? WOOD.exec(source)?.[1] : undefined;
  if (!wood) return args;
  const refined: Record<string, unknown> = { ...args, item: `${wood}_planks` };
  const logs = info.antecedent?.args['count'];
  if (!info.explicit?.includes('count') && typeof logs === 'number') refined['count'] = logs * PLANKS_PER_LOG;
  return refined;
}

/** Tools and armour by material, and what a material is called when said before "one". */
const GEAR = /^(wooden|stone|iron|golden|diamond|netherite|leather|chainmail)_(pickaxe|axe|shovel|hoe|sword|helmet|chestplate|leggings|boots)$/;
const MATERIALS: Record<string, string> = { wood: 'wooden', wooden: 'wooden', stone: 'stone', iron: 'iron', gold: 'golden', golden: 'golden', diamond: 'diamond', netherite: 'netherite', leather: 'leather', chainmail: 'chainmail' };
const TOOLS = new Set(['pickaxe', 'axe', 'shovel', 'hoe', 'sword']);

/**
 * "Get me a diamond pickaxe, and if you can't, an iron one": the same gear of that material, not
 * the material ("iron" alone is an ingot). Leather and chainmail make armour only; wood and stone, tools.
 */
function oneOf(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const gear = typeof info.antecedent?.args['item'] === 'string' ? GEAR.exec(info.antecedent.args['item']) : null;
  const material = info.like !== undefined ? MATERIALS[info.like] : undefined;
  if (!gear || !material) return args;
  const tool = TOOLS.has(gear[2]!);
  if ((tool && (material === 'leather' || material === 'chainmail')) || (!tool && (material === 'wooden' || material === 'stone'))) return args;
  return { ...args, item: `${material}_${gear[2]}` };
}

/** Counts for amounts said without a number: "some torches" is a handful (a craft of torches makes 4), "lots of cobblestone" more. */
const SOME = 4;
const LOTS = 16;
const VAGUE_SOME = /\b(?:some|more)\b/;
const VAGUE_LOTS = /\b(?:lots\s+of|a\s+lot\s+of|plenty\s+of|loads\s+of|a\s+load\s+of|a\s+bunch\s+of|heaps\s+of|a\s+pile\s+of|tons\s+of|a\s+ton\s+of)\b/;

/** The item's last word in the plural, said: "bring me torches", "get me logs" (not "a torch", nor "cobblestone", which has none). */
function saidInPlural(item: string, text: string): boolean {
  return new RegExp(`\\b${plural(item.split('_').at(-1)!)}\\b`).test(text);
}

/** "Get me some torches", "bring me torches" are a few of them, "lots of cobblestone" more: not one; a count said wins. */
function vagueAmount(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const item = args['item'];
  // "Some milk" is a bucket of it: what does not stack is one unless said in the plural.
  if (info.explicit?.includes('count') || typeof item !== 'string' || (unstacked(item) && !saidInPlural(item, info.text))) return args;
  const count = VAGUE_LOTS.test(info.text) ? LOTS : VAGUE_SOME.test(info.text) || saidInPlural(item, info.text) ? SOME : undefined;
  return count === undefined ? args : { ...args, count };
}

/** Words of getting something by doing it, not by handing over what there is: "chop", "mine", "craft". */
const DOING = /\b(?:chop|chops|mine|mines|collect|collects|gather|gathers|dig|digs|cut|cuts|harvest|harvests|craft|crafts|make|makes|smelt|smelts|cook|cooks|farm|farms|fish|kill|hunt)\b/;

/** Items that do not stack (or barely), each one a thing of its own: tools, armour, weapons, buckets. */
const UNSTACKED = new Set(['bucket', 'water_bucket', 'lava_bucket', 'milk_bucket', 'shield', 'bow', 'crossbow', 'fishing_rod', 'shears', 'flint_and_steel', 'trident', 'elytra', 'saddle', 'totem_of_undying']);
const UNSTACKED_KINDS = /_(?:boat|bed)$/;

/** Whether an item does not stack: each one a thing of its own. */
function unstacked(item: string): boolean {
  return GEAR.test(item) || UNSTACKED.has(item) || UNSTACKED_KINDS.test(item);
}

/** Words that say every one: "all your swords", "both". */
const ALL_SAID = /\b(?:all|every|each|both)\b/;

/** "Your pickaxe", "the sword": one thing, said as one; not "your pickaxes", nor "your cobblestone" (there is no one of it). */
function oneThing(item: unknown, text: string): boolean {
  return typeof item === 'string' && unstacked(item) && !saidInPlural(item, text) && !ALL_SAID.test(text);
}

/**
 * "Give me all your cobblestone", "every oak log you have", "give me your torches": all of them,
 * not one; a count said wins, and "your pickaxe" is the one pickaxe.
 */
function everyOne(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  if (info.explicit?.includes('count') || !/\b(?:all|every|your)\b/.test(info.text) || oneThing(args['item'], info.text)) return args;
  return { ...args, all: true };
}

/**
 * "Give me your pickaxe": said of no material, whichever pickaxe the bot holds will do, when it
 * holds no wooden one. Not "give them to alice" after "collect 5 oak logs": those were named.
 */
function anyOfItsKind(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const item = args['item'];
  return typeof item === 'string' && info.explicit?.includes('item') && saidWithoutMaterial(item, info.text) ? { ...args, anyKind: true } : args;
}

/** "Drop the dirt", "throw away the gravel": all of it, unless a number is said ("drop 10 dirt", "drop a torch") or it is one thing ("drop your sword"). */
function allUnlessCounted(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  return info.explicit?.includes('count') || oneThing(args['item'], info.text) ? args : { ...args, all: true };
}

/** "Half of your cobblestone", "half the dirt": half of what the bot holds. */
const HALF_SAID = /\bhalf\s+(?:of\s+)?(?:your|the|my|its|those|these|them|it|all)\b/;

/** "Give alice half of your cobblestone": half of what it holds, not all of it, unless a number is said. */
function halfOf(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  if (info.explicit?.includes('count') || !HALF_SAID.test(info.text)) return args;
  const { all: _, ...rest } = args;
  return { ...rest, half: true };
}

/** What a furnace makes of an item, one for one. */
const SMELTED = new Map(
  Object.entries({
    raw_iron: 'iron_ingot',
    iron_ore: 'iron_ingot',
    deepslate_iron_ore: 'iron_ingot',
    raw_gold: 'gold_ingot',
    gold_ore: 'gold_ingot',
    raw_copper: 'copper_ingot',
    copper_ore: 'copper_ingot',
    sand: 'glass',
    red_sand: 'glass',
    cobblestone: 'stone',
    clay_ball: 'brick',
    netherrack: 'nether_brick',
    beef: 'cooked_beef',
    porkchop: 'cooked_porkchop',
    chicken: 'cooked_chicken',
    mutton: 'cooked_mutton',
    rabbit: 'cooked_rabbit',
    cod: 'cooked_cod',
    salmon: 'cooked_salmon',
    potato: 'baked_potato',
    kelp: 'dried_kelp',
  }),
);

/**
 * "mine 3 iron ore, then smelt them" is 3 iron ingots; "get 64 sand and make glass out of it"
 * is 64 glass: what a furnace makes, as many as there were.
 */
function smeltedFrom(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const smelting = /\b(smelt|smelts|cook|bake|roast|melt|burn)\b/.test(info.text);
  // "cook 5 beef" is 5 cooked beef.
  const own = typeof args['item'] === 'string' ? SMELTED.get(args['item']) : undefined;
  if (smelting && own && !info.antecedent) return { ...args, item: own };
  const source = info.antecedent?.args['item'];
  const product = typeof source === 'string' ? SMELTED.get(source) : undefined;
  if (!product) return args;
  const count = info.antecedent?.args['count'];
  const sameCount = !info.explicit?.includes('count') && typeof count === 'number' ? { count } : {};
  if (smelting && (args['item'] === source || args['item'] === undefined)) {
    return { ...args, item: product, ...sameCount };
  }
  return args['item'] === product ? { ...args, ...sameCount } : args;
}

/** "come here" is "come to me". */
function here(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  // "Come here", and "come back" said alone: to the one who asked.
  return args['player'] === undefined && (/\b(here|over here)\b/.test(info.text) || /\bcome back(?:\W+(?:please|now|again))*\W*$/.test(info.text)) ? { ...args, player: 'me' } : args;
}

/**
 * "Set home here": home is the place to remember, though the words that name the method took the
 * word. A name said with no coordinates and no word of a place ("remember my wife's birthday as
 * march 3") names no place: without it, long-term memory reads the words better.
 */
function home(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  if (args['name'] === undefined && /\bset (?:\w+ )?home\b/.test(info.text)) return { ...args, name: 'home' };
  if (args['position'] === undefined && !PLACE_SAID.test(info.text)) {
    const { name: _, ...rest } = args;
    return rest;
  }
  return args;
}

/** Words that say a place is meant, where no coordinates are said. */
const PLACE_SAID = /\b(?:place|spot|location|position|point|coordinates|here|where|home|base)\b/i;

/** Sleeping, which the bot does not do: no way to a player or a place called "sleep" or "bed". */
const GOING_TO_SLEEP = '(go|goes|going|get|gets|getting|head|heads|heading) to (sleep|bed)';

/** What the bot does, said where it is asked for what it does not. */
const BOT_DOES = 'it gets, crafts, gives and drops things, goes to players and places, and follows players';

/** All the bot carries, said as one: "everything", "all your stuff". */
const EVERYTHING = '(everything|all of it|it all|all your (stuff|things|items|inventory)|everything you (have|carry|got)|your whole inventory)';

/** "Give me everything", "hand alice all your stuff": whom to, as said (a player's name keeps its case). */
const GIVEN_TO = /\b(?:give|hand(?:\s+over)?)\s+(?:it\s+all\s+to\s+)?([A-Za-z0-9_]{1,16})\s+(?:everything|it\s+all|all|your\s+whole)\b|\b(?:give|hand\s+over)\s+(?:everything|it\s+all|all\s+of\s+it|all\s+your\s+\w+)\s+to\s+([A-Za-z0-9_]{1,16})\b/i;

function givenTo(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  if (args['player'] !== undefined) return args;
  const m = GIVEN_TO.exec(info.said ?? info.text);
  const who = m?.[1] ?? m?.[2];
  if (who === undefined) return args;
  return { ...args, player: /^(?:me|us)$/i.test(who) ? 'me' : who };
}

/** What the game's bot is asked for and does not do, and why: what the requester is told when nothing else fits. */
const BOT_DECLINES = {
  sleeping: [[GOING_TO_SLEEP, 'sleep', '(sleep|lie) in [the|a|your] bed'], `the game's bot cannot sleep yet: ${BOT_DOES}`],
  fighting: [['(attack|kill|fight|shoot|slay) (the|that|this|those|these|a|an|all) *', '(attack|kill|fight|slay) (zombie|zombies|skeleton|skeletons|creeper|creepers|spider|spiders|mobs|monsters|it|them)'], `the game's bot does not attack on request (it fights off a mob that comes close by itself): ${BOT_DOES}`],
  eating: [['eat', '(have|get) something to eat'], 'the game\'s bot eats by itself when it is hungry, not on request'],
  planting: [['(plant|sow)'], `the game's bot cannot plant yet: ${BOT_DOES}`],
  building: [['(build|make) [me|us] [a|an|the|my|our] [small|little|big|new] (house|home|shelter|hut|cabin|base|wall|bridge|tower|castle|fort|farm|pen|fence)'], `the game's bot crafts things, but cannot build a structure yet: ${BOT_DOES}`],
  storing: [['(put|store|deposit|stash|place) * [*] [*] [*] (in|into) [the|a|that|this|my|our] chest', '(put|store|deposit|stash) (everything|it all|all of it) away'], `the game's bot cannot use chests yet: ${BOT_DOES}`],
} satisfies Record<string, [string[], string]>;

/** The declines of some kinds of request, as a method's hints take them. */
function declining(...kinds: Array<keyof typeof BOT_DECLINES>): Record<string, string> {
  return Object.fromEntries(kinds.flatMap((k) => BOT_DECLINES[k][0].map((p) => [p, BOT_DECLINES[k][1]])));
}

/** Every method of the game: its day and night are its own, not the home's. */
function inTheGame<T extends Record<string, MethodHints>>(hints: T): T {
  for (const h of Object.values(hints)) h.ownSun = true;
  return hints;
}

/** How the rule brain recognizes each Minecraft method. */
export const minecraftHints = inTheGame({
  obtain_item: {
    phrases: [
      'get [me]',
      'go get',
      'grab [me]',
      'gather',
      'collect',
      'mine',
      'dig [up]',
      'craft [me]',
      'make [me]',
      'build [me]',
      'obtain',
      'fetch [me]',
      'bring me',
      'chop [down]',
      'cut down',
      'find [me]',
      'smelt',
      'cook',
      'harvest',
      'farm',
      'pick up',
    ],
    // Said in the game's chat, a wish is asked of the bot; anywhere else "I need eggs" is no game's.
    saidThere: ['i need [a|an|some]', '(can|could|may) i (have|get) [a|an|some]'],
    keywords: ['minecraft'],
    // "Build me a house" is no item to craft.
    declines: declining('building'),
    // "Get me a pickaxe", "some food": one of its kind that the bot holds will do; not what it is told to make or gather
    // ("craft a pickaxe", "chop some trees"), nor what is made of what came before.
    refine: (args, info) => {
      const refined = smeltedFrom(vagueAmount(oneOf(planksFromLogs(args, info), info), info), info);
      return info.antecedent === undefined && !DOING.test(info.text) ? anyOfItsKind(refined, info) : refined;
    },
    exclude: [GOING_TO_SLEEP, 'i need to'],
  },
  goto_player: {
    takesThere: true,
    phrases: ['come to', 'come here', 'come over [to]', 'come back [to|here]', 'go to', 'walk to', 'run to', 'head to', '(teleport|tp) to', 'join', 'meet'],
    keywords: [],
    refine: here,
    // "How long is my meeting": a meeting is no way to go to a player; "go to sleep" is no player's name.
    exclude: ['(meeting|meetings|appointment|appointments|calendar)', GOING_TO_SLEEP],
  },
  goto_place: {
    takesThere: true,
    phrases: [
      '(go|come|walk|run|head|return|get) [back] [over] to',
      // "Go home", "head back to base": the place's name is read before the phrase, which keeps the verb.
      '(go|come|walk|run|head|return) [back]',
      '(teleport|tp) to',
    ],
    keywords: [],
    exclude: [GOING_TO_SLEEP],
  },
  remember_place: {
    phrases: [
      '(remember|save|mark|note|store|record) (this|that|the|my|your|our) (place|spot|location|position|point|coordinates)',
      '(remember|save|mark|note|store|record) (here|where (i am|you are|we are|i stand|you stand))',
      '(call|name) (this|that) (place|spot|location)',
      // "Mark 12 64 -30 as the farm": coordinates said bare, then the name (without them, see the refine).
      '(remember|save|mark|note|store|record) * * * [*] [*] as',
      'set [my|your|our|the] home [here]',
    ],
    keywords: [],
    textIntros: ['as', 'called', 'named'],
    refine: home,
  },
  list_places: {
    phrases: [
      '(what|which) places do you know',
      '(what|which) places (have you|do you have) [saved|remembered|marked]',
      '(list|show) [me] [the|your|all] [the] [known|saved] places',
      '(where|what) (are|were) [the|your|my|our] places',
    ],
    keywords: ['places'],
  },
  find_place: {
    // "Where is the farm", "where are the chests": the place after the phrase, read as a place ("where is my phone" names none).
    phrases: ['where (is|are|was|were) [the|my|our|your]', "where's [the|my|our|your]", 'how (far|do i get) to [the|my|our]', "how far (is|are|away is|'s) [the|my|our]", 'how far away (is|are) [the|my|our]'],
    keywords: [],
  },
  forget_place: {
    // "Forget where the farm is", "forget the place called camp": a place the household named. "Forget the farm" alone stays the
    // memory's ("forget my wifi password"), which it cannot be told apart from.
    phrases: ['forget [about] where [the|my|our|your]', 'forget [about] (the place|the spot|the location) [called|named]', '(delete|remove|unmark) [the|my|our|your] (place|spot|location) [called|named]'],
    keywords: [],
  },
  follow_player: {
    phrases: ['follow', 'come with', 'stay with', 'tag along with', 'keep up with', 'accompany', 'stick with'],
    keywords: [],
  },
  give_item: {
    phrases: ['give', 'hand [over]', 'pass', 'toss', 'drop', 'throw', 'deliver', 'bring', 'bring (it|them|that|those|these) to'],
    keywords: [],
    // "Put it in the chest" is no give.
    declines: declining('storing'),
    refine: (args, info) => anyOfItsKind(halfOf(everyOne(planksFromLogs(args, info), info), info), info),
  },
  drop_item: {
    phrases: ['drop', 'throw away', '(throw|toss|chuck) * [*] [*] away', 'get rid of', 'dump', 'discard'],
    keywords: [],
    // "Put it in the chest" is no drop.
    declines: declining('storing'),
    refine: (args, info) => anyOfItsKind(halfOf(allUnlessCounted(args, info), info), info),
  },
  empty_inventory: {
    // Not one kind of thing but all of them: "drop everything", "give me all your stuff", "empty your inventory".
    phrases: [
      `(drop|toss|throw|dump) [away] ${EVERYTHING}`,
      `(throw|toss) ${EVERYTHING} away`,
      '(empty|clear) [out] your (inventory|pockets)',
      `(give|hand) (me|us|*) ${EVERYTHING}`,
      `(give|hand) ${EVERYTHING} to`,
      `hand over ${EVERYTHING}`,
    ],
    keywords: [],
    declines: declining('storing'),
    refine: givenTo,
  },
  status: {
    phrases: [
      'how is your health',
      'how (hungry|healthy|hurt) are you',
      'how are you [doing]',
      'are you (ok|okay|alright|hurt)',
      'your (health|hunger|inventory|status|position|location)',
      'what do you have',
      'what is in your inventory',
      '(how much|how many) * [*] (do you have|have you got)',
      'where are you',
      'what are you (doing|up to)',
      // Asked the other way round, after "tell me", "show me": "tell me what you have", "where you are".
      "what (you have|you've got|you have got|you are doing|you're doing|you are up to|you're up to)",
      "where (you are|you're)",
      'how (you are|you\'re) doing',
      'status [report]',

      '(what|what\'s) [is] the time (in the game|in game|in minecraft)',
      'what time is it (in the game|in game|in minecraft)',
    ],
    // In the game's chat, the day and night are the game's: "is it night yet".
    // What is around it: "what can you see", "is anyone nearby".
    saidThere: [
      'is it (night|day|daytime|nighttime|dark|light) [yet|now|out|outside]',
      '(is it|will it be) (night|dark) soon',
      'what (can|do) you see',
      "what's around you",
      'what is around you',
      '(is|are) (anyone|anybody|someone|somebody|any mobs|any monsters) (nearby|near you|around|close)',
      "who's (nearby|around)",
      'who is (nearby|around)',
    ],
    keywords: ['health', 'inventory', 'hunger', 'food'],
    declines: declining('sleeping', 'fighting', 'eating', 'planting'),
  },
  send_message: {
    phrases: [
      'say in [the] (game|chat|minecraft)',
      '(whisper|tell) in minecraft',
      '(in|on|to) [the] (minecraft|game) chat',
      '(say|announce|broadcast|whisper)',
      // "Tell steve hello in minecraft": a message, in the game when the request names it.
      '(tell|message)',
      'say * [*] to',
    ],
    keywords: ['chat'],
    aliases: ['game'],
    textIntros: ['(saying|that says)', 'that', 'to say'],
  },
  stop: {
    // "Go to my base and wait there": stay where it got to, doing nothing more.
    phrases: ['stop', 'halt', 'stand still', 'stay (there|put|here)', 'stay where you are', 'wait (there|here)', '(do not|dont) move', 'freeze', 'stop following', 'stop the (bot|robot)', 'stop (what|whatever) you are doing', '(quit|drop) (what|whatever) you are doing'],
    keywords: [],
  },
} satisfies Record<string, MethodHints>);

/** Words after an unknown word that say it was meant as an item ("a diamond thingy"). */
export const itemCues: string[] = [];
