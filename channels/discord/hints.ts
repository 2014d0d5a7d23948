import type { MethodHints } from '../../core/plugin/hints.js';

/** A Discord id in a request: bare, or as a user or channel mention (`<@id>`, `<@!id>`, `<#id>`). */
const ID = /(<#|<@!?)?(\d{17,20})>?/;

/** A server's channel by name: "the general channel", "in our kitchen channel". */
const CHANNEL = /\b(?:(?:in|to|on|into)\s+)?(?:(?:the|our|my)\s+)?([a-z0-9][\w-]{0,99})\s+channel\b/i;

/** How the rule brain recognizes `discord.send_message`. */
export const discordHints: MethodHints = {
  phrases: [
    '(on|via|over|by|in|through) discord',
    'discord (me|him|her|them)',
    // "Discord bob the shopping list": the name said as the verb, as "email bob ..." is.
    'discord',
    '(dm|message|ping|text) (me|him|her|them) (on|via|over|in) discord',
    'dm (me|him|her|them)',
    '(send|write) [me] [a] (dm|direct message|discord message)',
    '(tell|message|ping|dm|text)',
    // "Send the shopping list to bob on discord": the words that send anything, which way said by "on discord".
    'send',
    'forward',
    'share * [*] [*] with',
    // "Post in the general channel that dinner is ready", "post hi in #general": a server's channel, by name.
    'post',
    '(in|to|on|into) [the|our|my] * channel',
    '(tell|message|ping) [the|our|my] * channel',
  ],
  keywords: ['discord', 'dm'],
  textIntros: ['post', '[a] (note|message) (saying|that says)', '(saying|that says|to say)', '[and] (telling|tell) (him|her|them|me) [that]', 'and say [that]', '(with|containing)', 'that'],
  // People and channels are named by id on Discord: "message 1234… saying hi", "post it in <#1234…>"; a server's channel by
  // name too ("#general" reads "the general channel"): there it goes, whatever word was read as who, unless it is in what a
  // message to someone says ("tell bob on discord that the news channel is on").
  refine(args, info) {
    const said = typeof args['text'] === 'string' ? args['text'] : undefined;
    const id = args['to'] === undefined ? ID.exec(info.text) : null;
    const channel = id ? null : CHANNEL.exec(info.text);
    const named = channel && (args['to'] === undefined || !said?.includes(channel[0].trim())) ? channel : null;
    const found = id ?? named;
    if (!found) return args;
    const to = id ? (id[1] === '<#' ? `<#${id[2]}>` : id[2]!) : `#${named![1]!.toLowerCase()}`;
    // Who it goes to is not part of what it says.
    const rest = said?.replace(found[0].trim(), ' ').replace(/\s+/g, ' ').trim();
    const { text: _, ...others } = args;
    return { ...others, to, ...(rest ? { text: rest } : {}) };
  },
};
