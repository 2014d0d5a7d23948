import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes each Minecraft method. */
export const minecraftHints = {
  obtain_item: {
    phrases: ['get [me]', 'gather', 'collect', 'mine', 'craft', 'make [me]', 'obtain', 'fetch [me]', 'bring me', 'chop', 'find [me]', 'smelt', 'cook'],
    keywords: ['minecraft'],
  },
  goto_player: {
    phrases: ['come to', 'come here', 'go to', 'walk to', 'teleport to', 'join', 'meet'],
    keywords: [],
  },
  follow_player: {
    phrases: ['follow', 'come with', 'stay with', 'tag along with'],
    keywords: [],
  },
  give_item: {
    phrases: ['give', 'hand', 'pass', 'toss', 'drop'],
    keywords: [],
  },
  status: {
    phrases: ['how is your health', 'how are you doing', 'your health', 'your hunger', 'your inventory', 'what do you have', 'where are you', 'status'],
    keywords: ['health', 'inventory', 'hunger', 'food'],
  },
  send_message: {
    phrases: ['say in [the] (game|chat|minecraft)', '(whisper|tell) in minecraft', 'in [the] minecraft chat'],
    keywords: [],
  },
  stop: {
    phrases: ['stop', 'halt', 'cancel [that]', 'stand still', 'stay there'],
    keywords: [],
  },
} satisfies Record<string, MethodHints>;

/** Words after an unknown word that say it was meant as an item ("a diamond thingy"). */
export const itemCues: string[] = [];
