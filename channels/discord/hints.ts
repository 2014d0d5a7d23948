import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `discord.send_message`. */
export const discordHints: MethodHints = {
  phrases: ['(on|via|over|by|in) discord', 'discord (me|him|her|them)', 'dm (me|him|her|them)', '(send|write) [me] [a] (dm|direct message)'],
  keywords: ['discord', 'dm'],
  textIntros: ['(saying|that says|to say)', 'telling (him|her|them|me) [that]', 'that'],
};
