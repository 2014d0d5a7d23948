import type { MethodHints } from '../../core/plugin/hints.js';

/** A Discord id in a request: bare, or as a user or channel mention (`<@id>`, `<@!id>`, `<#id>`). */
const ID = /(<#|<@!?)?(\d{17,20})>?/;

/** A server's channel by name: "#general", "the general channel", "in our kitchen channel". */
const CHANNEL = /(?:^|\s)#([a-z0-9][\w-]{0,99})\b|\b(?:(?:in|to|on|into)\s+)?(?:(?:the|our|my)\s+)?#?([a-z0-9][\w-]{0,99})\s+channel\b/i;

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
  keywords: ['discord', 'dm', 'channel'],
  textIntros: ['post', '[a] (note|message) (saying|that says)', '(saying|that says|to say)', '[and] (telling|tell) (him|her|them|me) [that]', 'and say [that]', '(with|containing)', 'that'],
  // People and channels are named by id on Discord: "message 1234… saying hi", "post it in <#1234…>".
  refine(args, info) {
    const match = ID.exec(info.text);
    // A channel named is where it goes, whatever word was read as who; unless it is what a message to someone says
    // ("tell bob on discord that the news channel is on").
    const found = match ? undefined : CHANNEL.exec(info.text);
    const named = found && !(args['to'] !== undefined && typeof args['text'] === 'string' && args['text'].includes(found[0].trim())) ? found : undefined;
    if (args['to'] !== undefined && !named) return args;
    if (!match && !named) return args;
    const refined: Record<string, unknown> = { ...args, to: match ? (match[1] === '<#' ? `<#${match[2]}>` : match[2]!) : `#${(named![1] ?? named![2])!.toLowerCase()}` };
    if (named) {
      if (typeof args['text'] === 'string') {
        const text = args['text'].replace(named[0].trim(), ' ').replace(/\s+/g, ' ').trim();
        if (text === '') delete refined['text'];
        else refined['text'] = text;
      }
      return refined;
    }
    if (!match) return refined;
    // The id is who to send to, not part of what to say.
    if (typeof args['text'] === 'string') {
      const text = args['text'].replace(match[0], ' ').replace(/\s+/g, ' ').trim();
      if (text === '') delete refined['text'];
      else refined['text'] = text;
    }
    return refined;
  },
};
