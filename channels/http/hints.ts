import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `http.send_message`: only when named, since HTTP clients poll. */
export const httpHints: MethodHints = {
  phrases: ['(post|send) [it] (to|on|via) [the] (api|http)'],
  keywords: [],
};
