import { describe, expect, it } from 'vitest';
import type { ActionRecord, GroupReport } from '../../agent/checkpoint.js';
import type { ActionResult, PlannedAction } from '../../types.js';
import { summarize } from './summary.js';

function record(id: string, text: string, status: ActionRecord['status'], result?: ActionResult, note?: string): ActionRecord {
  const action: PlannedAction = { id, text, dependsOn: [], optional: false, decision: { kind: 'call', target: 'x.y', args: {}, confidence: 1 } };
  const at = '2026-11-21T10:00:00Z';
  return {
    action,
    status,
    decisions: [],
    attempts: result ? [{ n: 1, idempotencyKey: `r:${id}:1`, target: 'x.y', args: {}, startedAt: at, result }] : [],
    feedback: [],
    ...(note ? { note } : {}),
  };
}

function report(actions: ActionRecord[], status: GroupReport['status'] = 'done'): GroupReport {
  return { requestId: 'r', groupId: 'g1', status, dispatch: 0, actions, finishedAt: '2026-11-21T10:01:00Z' };
}

describe('summarize', () => {
  it('tells what was done in the services\' words', () => {
    const text = summarize({
      requestId: 'r',
      text: '...',
      reports: [
        report([record('a1', 'turn off the garage light', 'done', { ok: true, summary: 'The garage light is off.' }), record('a2', 'email me', 'done', { ok: true, summary: 'Wrote an email to owner@localhost' })]),
        report([record('a3', 'remind me', 'done', { ok: true, summary: "I'll remind you to take out the trash tomorrow at 08:00." })]),
      ],
    });
    expect(text).toBe("Done: The garage light is off. Wrote an email to owner@localhost. I'll remind you to take out the trash tomorrow at 08:00.");
  });

  it('lists failures with the error and its hint, skips with why, and what was not reached', () => {
    const text = summarize({
      requestId: 'r',
      text: '...',
      reports: [
        report(
          [
            record('a1', 'email me', 'failed', { ok: false, retryable: false, error: { code: 'EMAIL_NO_ADDRESS', message: 'I do not know your email address', hint: 'set MAJORDOMO_OWNER_EMAIL' } }),
            record('a2', 'then tell me', 'cancelled'),
          ],
          'failed',
        ),
        report([record('a3', 'maybe give bob a torch', 'skipped', { ok: false, retryable: false, error: { code: 'MJ_ERR_NOT_CONFIGURED', message: 'minecraft is not configured' } })]),
        report([record('a4', 'turn on the attic light', 'skipped', undefined, 'skipped at your word')]),
      ],
    });
    expect(text.split('\n')).toEqual([
      'Failed: Could not "email me": I do not know your email address (set MAJORDOMO_OWNER_EMAIL).',
      'Skipped: "maybe give bob a torch": minecraft is not configured. "turn on the attic light" (skipped at your word).',
      'Not done: "then tell me" was not done.',
    ]);
  });

  it('tells apart what was not needed ("if that fails, email me" after it worked), as no loss', () => {
    const text = summarize({
      requestId: 'r',
      text: '...',
      reports: [
        report([
          record('a1', 'turn on the porch light', 'done', { ok: true, summary: 'The porch light is on.' }),
          { ...record('a2', 'if that fails, email me', 'skipped', undefined, 'not needed: "turn on the porch light" did not fail'), unneeded: true },
        ]),
      ],
    });
    expect(text.split('\n')).toEqual(['Done: The porch light is on.', 'Not needed: "if that fails, email me" ("turn on the porch light" did not fail).']);
  });

  it('says together what was not needed for the same reason', () => {
    const text = summarize({
      requestId: 'r',
      text: '...',
      reports: [
        report([
          record('a1', 'if the kitchen light is off', 'done', { ok: true, summary: 'The kitchen light is on.', holds: false }),
          { ...record('a2', 'turn on the porch light', 'skipped', undefined, 'not needed: the kitchen light is on'), unneeded: true },
          { ...record('a3', 'email me', 'skipped', undefined, 'not needed: the kitchen light is on'), unneeded: true },
          { ...record('a4', 'if that fails, text me', 'skipped', undefined, 'not needed: "turn on the porch light" did not fail'), unneeded: true },
        ]),
      ],
    });
    expect(text.split('\n')).toEqual(['Done: The kitchen light is on.', 'Not needed: "turn on the porch light", "email me" (the kitchen light is on). "if that fails, text me" ("turn on the porch light" did not fail).']);
  });

  it('tells why what was ended was not done, and that what someone stopped was stopped', () => {
    const text = summarize({
      requestId: 'r',
      text: '...',
      reports: [
        report([{ ...record('a1', 'turn off the porch light', 'cancelled'), action: { id: 'a1', text: 'turn off the porch light', dependsOn: [], optional: false, decision: { kind: 'terminate', reason: 'it is not after 10pm yet (it is 16:40)' } } }], 'terminated'),
        report([record('a2', 'turn off the garage light', 'cancelled', undefined, 'stopped by an admin')], 'terminated'),
      ],
    });
    expect(text).toBe('Not done: "turn off the porch light" was not done: it is not after 10pm yet (it is 16:40). "turn off the garage light" was not done (stopped).');
  });

  it('says so when nothing happened', () => {
    expect(summarize({ requestId: 'r', text: '', reports: [] })).toBe('Nothing was done.');
  });
});
