import type { MethodHints, RefineInfo } from '../../core/plugin/hints.js';

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

/** "come here" is "come to me". */
function here(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  return args['player'] === undefined && /\b(here|over here)\b/.test(info.text) ? { ...args, player: 'me' } : args;
}

/** How the rule brain recognizes each Minecraft method. */
export const minecraftHints = {
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
    keywords: ['minecraft'],
    refine: planksFromLogs,
  },
  goto_player: {
    phrases: ['come to', 'come here', 'come over [to]', 'go to', 'walk to', 'run to', 'head to', '(teleport|tp) to', 'join', 'meet'],
    keywords: [],
    refine: here,
  },
  follow_player: {
    phrases: ['follow', 'come with', 'stay with', 'tag along with', 'keep up with', 'accompany', 'stick with'],
    keywords: [],
  },
  give_item: {
    phrases: ['give', 'hand [over]', 'pass', 'toss', 'drop', 'throw', 'deliver', 'bring (it|them|that|those|these) to'],
    keywords: [],
    refine: planksFromLogs,
  },
  status: {
    phrases: [
      'how is your health',
      'how are you [doing]',
      'are you (ok|okay|alright|hurt)',
      'your (health|hunger|inventory|status|position|location)',
      'what do you have',
      'what is in your inventory',
      'where are you',
      'status [report]',
    ],
    keywords: ['health', 'inventory', 'hunger', 'food'],
  },
  send_message: {
    phrases: [
      'say in [the] (game|chat|minecraft)',
      '(whisper|tell) in minecraft',
      '(in|on|to) [the] (minecraft|game) chat',
      '(say|announce|broadcast|whisper)',
    ],
    keywords: ['chat'],
    textIntros: ['(saying|that says)', 'that', 'to say'],
  },
  stop: {
    phrases: ['stop', 'halt', 'cancel [that]', 'stand still', 'stay (there|put)', 'freeze', 'stop following'],
    keywords: [],
  },
} satisfies Record<string, MethodHints>;

/** Words after an unknown word that say it was meant as an item ("a diamond thingy"). */
export const itemCues: string[] = [];
