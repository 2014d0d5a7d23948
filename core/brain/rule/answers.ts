import { PhraseMatcher } from './pattern.js';
import { tokenize } from './tokens.js';

/** What a short answer to a question means by itself: "yes", "skip it", "stop", "try again". */
export type Intent = 'yes' | 'no' | 'skip' | 'stop' | 'retry';

const INTENTS = new PhraseMatcher<Intent>();
const add = (intent: Intent, patterns: string[]) => {
  for (const p of patterns) INTENTS.add(p, intent);
};
add('yes', [
  '(yes|y|yeah|yea|yep|yup|ya|sure|ok|okay|k|kk|fine|alright|correct|right|affirmative|absolutely|definitely|certainly|confirm|confirmed|proceed|continue)',
  'all right', 'go [ahead|on]', 'do it', 'please do', 'of course', 'go for it', 'sounds good', 'that is (right|correct|fine)', 'carry on', 'yes please', 'why not',
]);
add('no', ['(no|nope|nah|negative)', 'no thanks', 'no thank you', 'do not', 'not really', 'better not', 'rather not']);
add('skip', [
  '(skip|pass)', 'skip (it|that|this)', 'never mind', 'nevermind', 'forget (it|that|this|about it)', 'leave it', 'ignore (it|that|this)',
  'do not bother', 'not now', 'move on', 'drop it', 'let it go', 'no need',
]);
add('stop', [
  '(stop|cancel|abort|quit|halt|terminate)', '(stop|cancel|abort) (it|that|this|everything|all|it all)', 'give up', 'forget everything',
  'stop everything', 'cancel everything', 'end it', 'shut it down',
]);
add('retry', ['(retry|again|redo)', 'try (again|once more)', 'try it again', 'one more time', 'once more', 'give it another (go|try|shot)', 'try one more time']);

const FILLER = new Set(['please', 'thanks', 'thank', 'you', 'then', 'just', 'and', 'but', ',', '.', '!', 'ok', 'okay']);

/** The intent an answer opens with, and the rest of it (which may add an argument or a new instruction). */
export function readAnswer(answer: string): { intent: Intent | undefined; rest: string } {
  const tokens = tokenize(answer, 200);
  let i = 0;
  while (i < tokens.length && tokens[i]!.kind === 'punct') i++;
  const hit = INTENTS.at(tokens, i)[0];
  if (!hit) return { intent: undefined, rest: answer.trim() };
  let j = hit.end;
  let intent = hit.payload;
  // "yes, please", "ok go ahead" and "no thanks" are one intent; in "no, try again" the last one
  // counts, and a "stop" anywhere in the run wins.
  for (let guard = 0; j < tokens.length && guard < 10; guard++) {
    if (FILLER.has(tokens[j]!.norm) || tokens[j]!.kind === 'punct') {
      j++;
      continue;
    }
    const more = INTENTS.at(tokens, j)[0];
    if (!more) break;
    if (intent !== 'stop') intent = more.payload;
    j = more.end;
  }
  const rest = j < tokens.length ? answer.slice(tokens[j]!.start).trim() : '';
  // "ok turn on the kitchen light instead" opens with "ok" but is an instruction; the caller decides.
  return { intent, rest };
}
