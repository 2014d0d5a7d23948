import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `discord.send_message`. */
export const discordHints: MethodHints = {
  phrases: [
    '(on|via|over|by|in|through) discord',
    'discord (me|him|her|them)',
    '(dm|message|ping|text) (me|him|her|them) (on|via|over|in) discord',
    'dm (me|him|her|them)',
    '(send|write) [me] [a] (dm|direct message|discord message)',
    '(tell|message|ping|dm)',
  ],
  keywords: ['discord', 'dm'],
  textIntros: ['[a] (note|message) (saying|that says)', '(saying|that says|to say)', '[and] (telling|tell) (him|her|them|me) [that]', '(with|containing)', 'that'],
};
