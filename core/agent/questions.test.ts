import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PlannedAction } from '../types.js';
import { invalidArgsQuestion } from './questions.js';

const action: PlannedAction = { id: 'a1', text: 'set the kitchen light to 150%', dependsOn: [], optional: false, decision: { kind: 'none', reason: 'test' } };

describe('the question asked about arguments that do not fit', () => {
  it('says what is missing and what is wrong in plain words, not in the validator’s', () => {
    const schema = z.object({ location: z.string(), percent: z.number().int().min(0).max(100), colour: z.enum(['red', 'blue']).optional(), note: z.string().min(2).optional() });
    const parsed = schema.safeParse({ percent: 150, colour: 'green', note: 'x' });
    if (parsed.success) throw new Error('expected issues');
    const { text, reason } = invalidArgsQuestion(action, 'lights.set_brightness', parsed.error.issues);
    expect(reason).toBe('invalid-args');
    expect(text).toBe(
      'To "set the kitchen light to 150%" (lights.set_brightness), I need the location; percent can be at most 100; colour must be one of red, blue; note must be at least 2 characters. What should I use?',
    );
  });
});
