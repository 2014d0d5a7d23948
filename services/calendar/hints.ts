import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes each calendar method. */
export const calendarHints = {
  create_reminder: {
    phrases: ['remind me', 'set [a|an] reminder', 'add [a|an] reminder', 'create [a|an] reminder', 'reminder', 'remember to', "don't let me forget"],
    keywords: ['reminder', 'remind'],
    textIntros: ['that i (need|have|must|should) to', 'that i (need|have|must|should)', 'that', 'to', 'about', 'of'],
  },
  create_event: {
    phrases: ['add [a|an]', 'schedule [a|an]', 'book [a|an]', 'put [a|an]', 'create [a|an] event', 'plan [a|an]'],
    keywords: ['meeting', 'appointment', 'event', 'calendar', 'call', 'dinner', 'lunch', 'party'],
  },
  list_events: {
    phrases: ['what do i have', "what's on", 'what is on', 'what have i got', 'my schedule', 'my agenda', 'my calendar', 'am i free', 'list [my] events', 'show [me] my (calendar|schedule|agenda|events)'],
    keywords: ['schedule', 'agenda', 'calendar', 'events'],
  },
} satisfies Record<string, MethodHints>;
