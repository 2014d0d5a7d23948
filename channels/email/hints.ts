import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes `email.send_message`. */
export const emailHints: MethodHints = {
  phrases: ['(send|write|shoot|drop) [me] [an|a] (email|e-mail|mail)', '(email|e-mail|mail) (me|him|her|them)', 'by (email|mail)', '(email|e-mail)'],
  keywords: ['email', 'e-mail', 'mail'],
  textIntros: ['[a] (note|message|line) (saying|that says)', '(saying|that says|to say)', 'telling (him|her|them|me) [that]', 'that'],
};
