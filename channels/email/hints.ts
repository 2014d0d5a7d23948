import type { MethodHints } from '../../core/plugin/hints.js';

/** Mail, as one speaks of one's own: "my email", "new emails", "the latest message". */
const MAIL = '(email|emails|e-mail|e-mails|mail|mails|message|messages)';

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
    // "Forward the shopping list to alice", "share the packing list with bob": what is looked up goes to them.
    'forward',
    'share * [*] [*] with',
    // "Message bob saying hi", "text bob that I'm on my way": a message, by the way that works here.
    '(message|text) (me|him|her|them|us)',
    '(message|text)',
    'let * [*] know',
    '(reply|respond|write|write back) to',
    'ask * [*] to',
    // "Tell him to call me": what he is told to do, not a mail to "call".
    'tell (him|her|them) to',
    // "Tell bob at 8 to call me", "tell alice tomorrow morning to bring the cake": told then.
    'tell * (at|in|on|by|around|tomorrow|tonight|today|every|this|next) [*] [*] [*] to',
    // "Email me tomorrow at 9 to renew my passport": what to do, mailed then (it was mailed to "renew").
    '(email|e-mail|mail) (me|us|him|her|them) (at|in|on|by|around|tomorrow|tonight|today|every|this|next) [*] [*] [*] to',
    '(email|e-mail|mail) * (at|in|by|around) [*] [*] [*] to',
    // "Say goodnight to the kids": what is said, to them.
    'say * [*] to',
    // "Ask alice if she wants pizza": the question, put to her.
    'ask * [*] (if|whether)',
    // "Ask bob when he's coming home": the question, put to him.
    'ask * [*] (when|where|what|why|how|who|which)',
    // "Remind alice to call me": a message to alice ("remind me to" is a reminder of one's own);
    // "remind bob tomorrow at 9 to bring the projector": at that time.
    'remind * [*] [*] [*] [*] to',
    // "Wish bob a happy birthday", "thank alice for dinner": what is said is the wish, the thanks.
    'wish * [*] (a|an)',
    'thank * [*] for',
    // "Email alice and cc bob": bob gets the same mail, one of his own.
    '(cc|bcc)',
  ],
  keywords: ['email', 'e-mail', 'mail', 'inbox'],
  textIntros: [
    '[a] (note|message|line|reminder) (saying|that says)',
    '(saying|that says|to say)',
    '[and] (telling|tell) (him|her|them|me) [that]', 'and say [that]',
    'know (that|about)',
    '(with|containing)',
    'that',
    'about',
  ],
  refine: subjectApart,
  // "What's bob's email": a question about an address, not a mail.
  exclude: ['what (is|was) * [*] [*] (email|e-mail)', 'remind (me|us)'],
  // "Bob's email is bob@example.com", "my email is ...": a detail told, to remember, not a mail.
  excludeAtStart: ['[my|our|his|her|their] (email|e-mail) [address] (is|was)', '(my|our|his|her|their) address (is|was)'],
  // Nor is reading one's mail ("check my email", "any new emails?", "did bob email me back?").
  declines: Object.fromEntries(
    [
      `check [my|the|our] [new] ${MAIL}`,
      `check [my|the|our] inbox`,
      `(read|open|show) [me] [my|the|our] (latest|last|new|newest|recent|unread) ${MAIL}`,
      `(read|open|show) [me] (my|our) ${MAIL}`,
      `(do|did|have) (i|we) (have|get|got) [any] [new|unread] ${MAIL}`,
      `[any] (new|unread) ${MAIL}`,
      "(what's|what is) in (my|the|our) inbox",
      '(did|has|have) * [*] (email|emailed|e-mailed|mailed|written|wrote|replied|answered) (me|us|back)',
    ].map((p) => [p, 'I can send email, but I cannot read your inbox']),
  ),
};

/** "With the subject dinner saying we start at 8", "with subject: dinner, and the body ...": the subject line, and what the mail says. */
const SUBJECT = /^(?:(?:the|a)\s+)?subject(?:\s+line)?\s*:?\s*(?:["“'](.+?)["”']|(.+?))\s*,?\s+(?:saying|that says|and (?:the )?(?:body|text|message)(?: is| says)?|with (?:the )?(?:body|text|message))\s*:?\s+(.+)$/is;

function subjectApart(args: Record<string, unknown>): Record<string, unknown> {
  const said = typeof args['text'] === 'string' && args['subject'] === undefined ? SUBJECT.exec(args['text']) : null;
  return said ? { ...args, subject: (said[1] ?? said[2])!.trim(), text: said[3]!.trim() } : args;
}
