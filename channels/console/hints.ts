import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `console.send_message`. */
export const consoleHints: MethodHints = {
  phrases: ['(print|show|write|display) [it|that|this] (on|in|to) [the] (console|terminal|screen)', '(on|in|to) [the] (console|terminal)'],
  keywords: ['console', 'terminal'],
  textIntros: ['(saying|that says|to say)', 'that'],
};
