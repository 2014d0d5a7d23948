import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `email.send_message`. */
export const emailHints: MethodHints = {
  phrases: [
    '(send|write|shoot|drop) [me] [an|a] (email|e-mail|mail)',
    '(send|write|shoot|drop) [him|her|them] [an|a] (email|e-mail|mail)',
    '(email|e-mail|mail) (me|him|her|them|us)',
    '(by|via|over|in an|in a) (email|e-mail|mail)',
    '(email|e-mail)',
    'send',
    'tell',
  ],
  keywords: ['email', 'e-mail', 'mail', 'inbox'],
  textIntros: [
    '[a] (note|message|line|reminder) (saying|that says)',
    '(saying|that says|to say)',
    '[and] (telling|tell) (him|her|them|me) [that]',
    '(with|containing)',
    'that',
    'about',
  ],
};
