import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../core/brain/plan.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { context } from './support.js';

const brain = createRuleBrain();
const ctx = context();

/** Plans and checks what every plan must be: grouped (so no cycle, no unknown id), with sane decisions. */
async function sanePlan(text: string) {
  const plan = await planRequest(brain, text, ctx);
  const actions = plan.groups.flatMap((g) => g.actions);
  expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length);
  for (const a of actions) {
    if (a.decision.kind === 'call') {
      expect(a.decision.confidence).toBeGreaterThanOrEqual(0);
      expect(a.decision.confidence).toBeLessThanOrEqual(1);
    } else {
      expect(a.decision.reason.length).toBeGreaterThan(0);
    }
  }
  return actions;
}

const WORDS = [
  'turn', 'on', 'off', 'the', 'kitchen', 'light', 'and', 'then', 'also', 'remind', 'me', 'to', 'at', '7pm', 'tomorrow',
  'give', 'bob', '2', 'torches', 'it', 'them', 'after', 'when', "that's", 'over', 'email', 'saying', 'if', 'you', 'can',
  ',', '.', 'garage', 'set', '60%', 'get', 'oak', 'logs', 'planks', 'follow', 'before', 'maybe', 'all', 'lights',
  'constructor', '__proto__', 'toString', 'a', 'dozen', 'half', 'stack', 'of', 'as', 'soon', 'him', 'tell', 'let', 'know',
  'what', 'is', 'my', 'calendar', 'send', 'once', 'done', 'sam@example.com', 'in', 'morning', 'every', 'for', 'an', 'hour',
];

describe('rule brain: hostile and odd input', () => {
  it('never throws on random text, and always yields a valid plan', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), async (text) => {
        await sanePlan(text);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random sentences of its own words', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }), async (words) => {
        await sanePlan(words.join(' '));
      }),
      { numRuns: 500 },
    );
  });

  it('plans cues that contradict each other: a dependency that would close a cycle is dropped', async () => {
    // Found by the property above: each cue alone makes one action wait for the next; together they went round.
    const actions = await sanePlan("before send turn once that's on");
    expect(actions.map((a) => [a.id, a.dependsOn]).sort()).toEqual([
      ['a1', ['a2']],
      ['a2', ['a3']],
      ['a3', []],
    ]);
  });

  it.each([
    ['control characters', '\u0000\u0001turn\u0007 on the\u001b[31m kitchen light\u0000'],
    ['emoji', '🔥🔥 turn on 💡 the kitchen light 🙏'],
    ['no letters at all', '!!! ??? ... 123 456 ,,, ;;;'],
    ['only punctuation', '.,;:!?'],
    ['an empty string', ''],
    ['right-to-left text', 'أطفئ الضوء في المطبخ'],
    ['lone surrogates', '\uD800turn on the kitchen light\uDC00'],
    ['names of object members', '__proto__ constructor toString hasOwnProperty valueOf'],
  ])('copes with %s', async (_name, text) => {
    await sanePlan(text);
  });

  it('finds the request among control characters and emoji', async () => {
    const actions = await sanePlan('🔥 turn on 💡 the\u0007 kitchen light 🙏');
    expect(actions[0]!.decision).toMatchObject({ kind: 'call', args: { location: 'kitchen', desired_state: true } });
  });

  it.each([
    ['100 KB of one request repeated', 'turn on the kitchen light and '.repeat(3500)],
    ['100 KB of sentences', 'Turn on the kitchen light. '.repeat(4000)],
    ['100 KB without a break', 'blah '.repeat(20_000)],
    ['100 KB of one word', 'a'.repeat(100_000)],
    ['100 KB of digits', '1'.repeat(100_000)],
    ['100 KB of blanks around a request', `${' '.repeat(50_000)}turn on the kitchen light${' '.repeat(50_000)}`],
    ['100 KB of connectives', 'and then, '.repeat(10_000)],
    ['100 KB of subordinators', 'after when before once '.repeat(4_500)],
    ['100 KB of pronouns', 'give it to bob and then '.repeat(4_000)],
  ])('plans %s, at most 50 actions', async (_name, text) => {
    // How long this takes is printed by `npm run bench` (plan latency), not asserted here.
    const actions = await sanePlan(text);
    expect(actions.length).toBeLessThanOrEqual(50);
  });

  it('says so when it cut a request', async () => {
    const actions = await sanePlan('Turn on the kitchen light. '.repeat(60));
    expect(actions).toHaveLength(50);
    const last = actions[actions.length - 1]!.decision;
    expect(last.kind === 'call' ? last.reason : '').toMatch(/cut to its first 50 actions/);
  });
});

describe('rule brain: odd answers', () => {
  it('never throws on random answers, and revises with unique ids', async () => {
    const actions = (await brain.extract('turn on the light, then email me', ctx)).map((a) => ({ ...a, decision: a.decision! }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.array(fc.constantFrom(...WORDS, 'yes', 'no', 'stop', 'skip', 'retry'), { maxLength: 12 }).map((w) => w.join(' '))),
        fc.constantFrom('no-target', 'invalid-args', 'uncertain', 'confirmation', 'failed' as const),
        async (answer, reason) => {
          const v = await brain.reevaluate({ remaining: actions, reason, question: 'Which area?', answer }, ctx);
          if (v.verdict === 'revise') expect(new Set(v.actions.map((a) => a.id)).size).toBe(v.actions.length);
          if (v.verdict === 'unclear') expect(v.question.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
