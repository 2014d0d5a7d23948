import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionRecord, GroupCheckpoint, GroupReport } from '../agent/checkpoint.js';
import type { Address, PlannedAction } from '../types.js';
import type { ScheduledJob } from '../scheduler/scheduler.js';
import { pluginStateTests } from './plugin-state-conformance.js';
import type { QuestionRecord, RequestQuery, RequestRecord, Store } from './store.js';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const iso = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();
const address: Address = { channel: 'console', conversationId: 'conv-1', userId: 'ada' };

/** `target` null: nothing fits. */
function plannedAction(id: string, target: string | null, extra: Partial<PlannedAction> = {}): PlannedAction {
  const decision: PlannedAction['decision'] =
    target === null ? { kind: 'none', reason: 'nothing fits' } : { kind: 'call', target, args: { location: 'garage' }, confidence: 0.9 };
  return { id, text: `do ${id}`, dependsOn: [], optional: false, decision, ...extra };
}

function actionRecord(id: string, target: string | null = 'lights.toggle_lights_in_location'): ActionRecord {
  return { action: plannedAction(id, target), status: 'pending', decisions: [], attempts: [], feedback: [] };
}

function request(id: string, extra: Partial<RequestRecord> = {}): RequestRecord {
  const plan = { groups: [{ id: `${id}-g1`, actions: [plannedAction('a1', 'lights.toggle_lights_in_location')] }] };
  return { id, text: `request ${id}`, requester: { address, name: 'Ada' }, status: 'running', plan, brain: 'rule', createdAt: iso(0), updatedAt: iso(0), ...extra };
}

function checkpoint(requestId: string, groupId: string, extra: Partial<GroupCheckpoint> = {}): GroupCheckpoint {
  return {
    version: 1, requestId, groupId, requester: { address }, requestText: `request ${requestId}`, dispatch: 0, position: 0,
    actions: [actionRecord('a1'), actionRecord('a2', 'email.send_message')], status: 'queued', createdAt: iso(0), updatedAt: iso(0), ...extra,
  };
}

/** A checkpoint waiting on question `questionId`, with the feedback record that asked it. */
function waitingCheckpoint(requestId: string, groupId: string, questionId: string): GroupCheckpoint {
  const cp = checkpoint(requestId, groupId, { status: 'waiting', waiting: { questionId, reason: 'confirmation' } });
  cp.actions[0] = { ...cp.actions[0]!, status: 'waiting', feedback: [{ questionId, reason: 'confirmation', question: 'Sure?', askedAt: iso(1) }] };
  return cp;
}

function question(id: string, cp: GroupCheckpoint, extra: Partial<QuestionRecord> = {}): QuestionRecord {
  return { id, requestId: cp.requestId, groupId: cp.groupId, actionId: 'a1', reason: 'confirmation', text: 'Sure?', address, status: 'open', createdAt: iso(1), ...extra };
}

function report(cp: GroupCheckpoint, extra: Partial<GroupReport> = {}): GroupReport {
  return { requestId: cp.requestId, groupId: cp.groupId, status: 'done', dispatch: cp.dispatch, actions: cp.actions, finishedAt: iso(5), ...extra };
}

function job(id: string, minutes: number, extra: Partial<ScheduledJob> = {}): ScheduledJob {
  return { id, kind: 'reminder', at: new Date(T0 + minutes * 60_000), text: `reminder ${id}`, deliverTo: address, ...extra };
}

/**
 * Registers the behaviour every {@link Store} must have, as one vitest suite, for one
 * implementation. Call it from a test file with a factory that returns a new, empty store
 * each time; the suite closes each store after its test. Beyond the contract's own words it
 * pins down: a second request with the same id is a conflict, a checkpoint needs its
 * request stored first (`MJ_ERR_NOT_FOUND`), updating an unknown request or question is
 * `MJ_ERR_NOT_FOUND`, and the first result recorded for an idempotency key stands.
 */
export function storeConformance(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store conformance: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    /** A stored request `r1` with one group `g1` (two actions). */
    async function seed(groupId = 'g1', requestId = 'r1'): Promise<GroupCheckpoint> {
      const cp = checkpoint(requestId, groupId);
      await store.createRequest(request(requestId), [cp]);
      return cp;
    }

    describe('requests', () => {
      it('stores a request with its groups and reads them back unchanged', async () => {
        const r = request('r1', { summary: 'done it' });
        const groups = [checkpoint('r1', 'g1'), checkpoint('r1', 'g2')];
        await store.createRequest(r, groups);
        expect(await store.getRequest('r1')).toEqual(r);
        expect(await store.listCheckpoints({ requestId: 'r1' })).toEqual(groups);
        expect(await store.getRequest('nope')).toBeUndefined();
      });

      it('refuses a second request with the same id and keeps the first', async () => {
        await store.createRequest(request('r1'), []);
        await expect(store.createRequest(request('r1', { text: 'other' }), [])).rejects.toMatchObject({ code: 'MJ_ERR_CONFLICT' });
        expect((await store.getRequest('r1'))?.text).toBe('request r1');
      });

      it('creates a request and its groups all or nothing', async () => {
        const bad = checkpoint('r1', 'g2', { instructions: 1n as unknown as string });
        await expect(store.createRequest(request('r1'), [checkpoint('r1', 'g1'), bad])).rejects.toThrow();
        expect(await store.getRequest('r1')).toBeUndefined();
        expect(await store.getCheckpoint('g1')).toBeUndefined();
      });

      it('updates status and summary, and refuses an unknown request', async () => {
        await store.createRequest(request('r1'), []);
        await store.updateRequest('r1', { status: 'done', summary: 'All done.' });
        expect(await store.getRequest('r1')).toMatchObject({ status: 'done', summary: 'All done.', text: 'request r1' });
        await store.updateRequest('r1', { status: 'partial' });
        expect(await store.getRequest('r1')).toMatchObject({ status: 'partial', summary: 'All done.' });
        await expect(store.updateRequest('nope', { status: 'done' })).rejects.toMatchObject({ code: 'MJ_ERR_NOT_FOUND' });
      });

      it('lists newest first, by status, a page at a time', async () => {
        for (let i = 1; i <= 5; i++) {
          await store.createRequest(request(`r${i}`, { createdAt: iso(i), status: i % 2 === 0 ? 'done' : 'running' }), []);
        }
        expect((await store.listRequests()).map((r) => r.id)).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']);
        expect((await store.listRequests({ status: ['done'] })).map((r) => r.id)).toEqual(['r4', 'r2']);
        expect((await store.listRequests({ limit: 2, offset: 1 })).map((r) => r.id)).toEqual(['r4', 'r3']);
      });

      it('lists those of one requester in one conversation, since a time', async () => {
        const other = { ...address, conversationId: 'elsewhere' };
        await store.createRequest(request('r1', { createdAt: iso(1) }), []);
        await store.createRequest(request('r2', { createdAt: iso(2), requester: { address: other } }), []);
        await store.createRequest(request('r3', { createdAt: iso(3), requester: { address: { ...address, userId: 'someone-else' } } }), []);
        await store.createRequest(request('r4', { createdAt: iso(4) }), []);
        const ids = async (query: RequestQuery): Promise<string[]> => (await store.listRequests(query)).map((r) => r.id);
        expect(await ids({ requester: address })).toEqual(['r4', 'r1']);
        expect(await ids({ requester: other })).toEqual(['r2']);
        expect(await ids({ requester: address, since: iso(2) })).toEqual(['r4']);
        expect(await ids({ since: iso(2) })).toEqual(['r4', 'r3', 'r2']);
        expect(await ids({ requester: address, limit: 1 })).toEqual(['r4']);
      });

      it('searches for every word, in the text or the summary, in any case', async () => {
        await store.createRequest(request('r1', { text: 'Turn off the garage lights', createdAt: iso(1) }), []);
        await store.createRequest(request('r2', { text: 'Remind me about the trash', summary: 'Reminder set for Garage day', createdAt: iso(2) }), []);
        await store.createRequest(request('r3', { text: 'Éteins la lumière du salon', createdAt: iso(3) }), []);
        const ids = async (search: string): Promise<string[]> => (await store.listRequests({ search })).map((r) => r.id);
        expect(await ids('GARAGE')).toEqual(['r2', 'r1']);
        expect(await ids('garage lights')).toEqual(['r1']);
        expect(await ids('trash   garage')).toEqual(['r2']);
        expect(await ids('éteins LUMIÈRE')).toEqual(['r3']);
        expect(await ids('garage kitchen')).toEqual([]);
        expect(await ids('  ')).toEqual(['r3', 'r2', 'r1']);
      });
    });

    describe('checkpoints', () => {
      it('round-trips a checkpoint exactly', async () => {
        await store.createRequest(request('r1'), []);
        const cp = waitingCheckpoint('r1', 'g1', 'q1');
        cp.instructions = 'try the porch instead — “quoted” ✓';
        cp.resume = { questionId: 'q0', answer: 'yes' };
        cp.actions[1] = {
          ...cp.actions[1]!,
          status: 'failed',
          confirmed: true,
          note: 'gave up',
          decisions: [{ at: iso(2), decision: cp.actions[1]!.action.decision, by: 'rule' }],
          attempts: [
            { n: 1, idempotencyKey: 'r1:g1:a2:1', target: 'email.send_message', args: { text: 'hi', nested: { list: [1, null, 'x'] } }, startedAt: iso(2), endedAt: iso(3), result: { ok: false, error: { code: 'EMAIL_DOWN', message: 'down', hint: 'later' }, retryable: true }, evaluation: { ok: false, reason: 'failed' } },
            { n: 2, idempotencyKey: 'r1:g1:a2:2', target: 'email.send_message', args: {}, startedAt: iso(4), result: { ok: true, summary: 'sent', data: { id: 7, ratio: 0.25 } } },
          ],
        };
        await store.saveCheckpoint(cp);
        expect(await store.getCheckpoint('g1')).toEqual(cp);
        expect(await store.getCheckpoint('nope')).toBeUndefined();
      });

      it('replaces a checkpoint on save and lists by status in creation order', async () => {
        const g1 = await seed('g1');
        await store.saveCheckpoint(checkpoint('r1', 'g2'));
        await store.saveCheckpoint({ ...g1, status: 'running', position: 1 });
        expect(await store.getCheckpoint('g1')).toMatchObject({ status: 'running', position: 1 });
        expect((await store.listCheckpoints()).map((c) => c.groupId)).toEqual(['g1', 'g2']);
        expect((await store.listCheckpoints({ status: ['queued'] })).map((c) => c.groupId)).toEqual(['g2']);
        expect(await store.listCheckpoints({ requestId: 'other' })).toEqual([]);
      });

      it('refuses a checkpoint of an unknown request', async () => {
        await expect(store.saveCheckpoint(checkpoint('nope', 'g1'))).rejects.toMatchObject({ code: 'MJ_ERR_NOT_FOUND' });
      });

      it('reads a checkpoint saved without waiting for the disk at once, and syncs it on request', async () => {
        const cp = await seed();
        const shown: GroupCheckpoint = { ...cp, status: 'running', updatedAt: iso(5) };
        await store.saveCheckpoint(shown, { wait: 'committed' });
        expect(await store.getCheckpoint(cp.groupId)).toEqual(shown);
        await store.sync();
        expect(await store.getCheckpoint(cp.groupId)).toEqual(shown);
      });

      it('stores a checkpoint as it was when saved, though the caller changes it before the write is made', async () => {
        const cp = await seed();
        const shown: GroupCheckpoint = { ...cp, status: 'running', updatedAt: iso(5) };
        const saved = store.saveCheckpoint(shown, { wait: 'committed' });
        // An agent that ends at once, before any await (a plan that says it is not to be done).
        shown.status = 'terminated';
        await saved;
        expect((await store.getCheckpoint(cp.groupId))?.status).toBe('running');
      });
    });

    describe('group completion', () => {
      it('stores the last checkpoint and the report; completing twice keeps one report', async () => {
        const cp = await seed();
        const done: GroupCheckpoint = { ...cp, status: 'done', position: 2 };
        await store.completeGroup(done, report(done));
        await store.completeGroup(done, report(done));
        expect(await store.getCheckpoint('g1')).toEqual(done);
        expect(await store.listReports('r1')).toEqual([report(done)]);
        const again: GroupCheckpoint = { ...done, dispatch: 1 };
        await store.completeGroup(again, report(again, { finishedAt: iso(9), status: 'failed' }));
        expect((await store.listReports('r1')).map((r) => [r.dispatch, r.status])).toEqual([[0, 'done'], [1, 'failed']]);
        await store.saveReport(report(again, { finishedAt: iso(9), status: 'terminated' }));
        expect((await store.listReports('r1')).map((r) => r.status)).toEqual(['done', 'terminated']);
        expect(await store.listReports('other')).toEqual([]);
      });

      it("updates the request's status and summary with the group's end, in the same transaction", async () => {
        const cp = await seed();
        const done: GroupCheckpoint = { ...cp, status: 'done', position: 2 };
        await store.completeGroup(done, report(done), { status: 'done', summary: 'All done.' });
        expect(await store.getRequest('r1')).toMatchObject({ status: 'done', summary: 'All done.' });
        expect(await store.getCheckpoint('g1')).toEqual(done);
        // A request that is not there fails the whole write: no report without its request.
        const orphan: GroupCheckpoint = { ...done, requestId: 'nope', groupId: 'nope.g1' };
        await expect(store.completeGroup(orphan, report(orphan), { status: 'done' })).rejects.toThrow();
        expect(await store.getCheckpoint('nope.g1')).toBeUndefined();
      });
    });

    describe('pause and resume', () => {
      async function paused(): Promise<GroupCheckpoint> {
        await seed();
        const cp = waitingCheckpoint('r1', 'g1', 'q1');
        await store.pauseGroup(cp, question('q1', cp));
        return cp;
      }

      it('stores the waiting checkpoint and upserts its question', async () => {
        const cp = await paused();
        expect(await store.getCheckpoint('g1')).toEqual(cp);
        await store.pauseGroup(cp, question('q1', cp, { text: 'Really sure?' }));
        expect(await store.listQuestions({ groupId: 'g1' })).toEqual([question('q1', cp, { text: 'Really sure?' })]);
      });

      it('answers an open question and queues its group with the answer', async () => {
        await paused();
        const at = new Date(T0 + 10 * 60_000);
        const resumed = await store.resumeGroup('q1', 'yes please', at);
        expect(resumed).toMatchObject({ status: 'queued', resume: { questionId: 'q1', answer: 'yes please' } });
        expect(resumed!.waiting).toBeUndefined();
        expect(resumed!.actions[0]!.feedback[0]).toMatchObject({ questionId: 'q1', answer: 'yes please', answeredAt: at.toISOString() });
        expect(await store.getCheckpoint('g1')).toEqual(resumed);
        expect(await store.getQuestion('q1')).toMatchObject({ status: 'answered', answer: 'yes please', answeredAt: at.toISOString() });
        expect(await store.resumeGroup('q1', 'again', at)).toBeUndefined();
      });

      it('does not resume a question that is not open', async () => {
        const cp = await paused();
        await store.updateQuestion('q1', { status: 'queued' });
        expect(await store.resumeGroup('q1', 'yes', new Date(T0))).toBeUndefined();
        expect(await store.resumeGroup('unknown', 'yes', new Date(T0))).toBeUndefined();
        expect(await store.getCheckpoint('g1')).toEqual(cp);
        expect((await store.getQuestion('q1'))?.answer).toBeUndefined();
      });

      it('lets exactly one of concurrent answers win', async () => {
        await paused();
        const answers = Array.from({ length: 10 }, (_, i) => `answer ${i}`);
        const results = await Promise.all(answers.map((a) => store.resumeGroup('q1', a, new Date(T0))));
        const winners = results.filter((r) => r !== undefined);
        expect(winners).toHaveLength(1);
        const answer = winners[0]!.resume!.answer;
        expect((await store.getQuestion('q1'))?.answer).toBe(answer);
        expect((await store.getCheckpoint('g1'))?.resume?.answer).toBe(answer);
      });
    });

    describe('questions', () => {
      it('lists oldest first with filters and patches status and message id', async () => {
        const cp = await seed();
        await store.saveCheckpoint(checkpoint('r1', 'g2'));
        await store.saveQuestion(question('q2', cp, { createdAt: iso(3), status: 'queued' }));
        await store.saveQuestion(question('q1', cp, { createdAt: iso(2) }));
        await store.saveQuestion(question('q3', { ...cp, groupId: 'g2' }, { createdAt: iso(4), address: { ...address, conversationId: 'conv-2' } }));
        const ids = async (q: Parameters<Store['listQuestions']>[0]): Promise<string[]> => (await store.listQuestions(q)).map((x) => x.id);
        expect(await ids({})).toEqual(['q1', 'q2', 'q3']);
        expect(await ids({ status: ['open'] })).toEqual(['q1', 'q3']);
        expect(await ids({ channel: 'console', conversationId: 'conv-2' })).toEqual(['q3']);
        expect(await ids({ requestId: 'r1', groupId: 'g1' })).toEqual(['q1', 'q2']);
        await store.updateQuestion('q2', { status: 'open', askedAt: iso(5), messageId: 'm-9' });
        expect(await store.getQuestion('q2')).toEqual(question('q2', cp, { createdAt: iso(3), status: 'open', askedAt: iso(5), messageId: 'm-9' }));
        await expect(store.updateQuestion('nope', { status: 'open' })).rejects.toMatchObject({ code: 'MJ_ERR_NOT_FOUND' });
        expect(await store.getQuestion('nope')).toBeUndefined();
      });
    });

    describe('events', () => {
      it('appends with growing ids and lists oldest first', async () => {
        const e1 = await store.appendEvent({ requestId: 'r1', type: 'request.created', data: { n: 1, text: 'é' } });
        const e2 = await store.appendEvent({ type: 'message.rejected', data: null });
        const e3 = await store.appendEvent({ requestId: 'r1', type: 'request.finished', data: [1, 2] });
        expect(e1.id).toBeLessThan(e2.id);
        expect(e2.id).toBeLessThan(e3.id);
        expect(Number.isNaN(Date.parse(e1.at))).toBe(false);
        expect(await store.listEvents()).toEqual([e1, e2, e3]);
        expect(e1).toMatchObject({ requestId: 'r1', type: 'request.created', data: { n: 1, text: 'é' } });
        expect(await store.listEvents({ requestId: 'r1' })).toEqual([e1, e3]);
        expect(await store.listEvents({ afterId: e1.id, limit: 1 })).toEqual([e2]);
      });

      it('keeps the order of events appended without waiting, lists them at once, and fails only the one that cannot be stored', async () => {
        const circular: Record<string, unknown> = {};
        circular['self'] = circular;
        const appended = Array.from({ length: 20 }, (_, i) => store.appendEvent({ requestId: 'r9', type: 'test.event', data: { i } }));
        const bad = store.appendEvent({ requestId: 'r9', type: 'test.bad', data: circular });
        const last = store.appendEvent({ requestId: 'r9', type: 'test.event', data: { i: 20 } });
        // Read before any append was awaited: the log already holds them.
        expect((await store.listEvents({ requestId: 'r9' })).map((e) => e.data)).toEqual(Array.from({ length: 21 }, (_, i) => ({ i })));
        await expect(bad).rejects.toThrow();
        const ids = (await Promise.all([...appended, last])).map((e) => e.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      });
    });

    describe('plugin state', () => {
      pluginStateTests(() => (namespace) => store.pluginState(namespace));
    });

    describe('scheduled jobs', () => {
      it('round-trips a job with Date times; upserting a pending id replaces it', async () => {
        await store.scheduled.upsert(job('j1', 10, { requestId: 'r1' }));
        expect(await store.scheduled.get('j1')).toEqual({ ...job('j1', 10, { requestId: 'r1' }), status: 'pending' });
        await store.scheduled.upsert(job('j1', 20, { text: 'moved' }));
        const all = await store.scheduled.list();
        expect(all).toHaveLength(1);
        expect(all[0]).toMatchObject({ text: 'moved', at: new Date(T0 + 20 * 60_000), status: 'pending' });
        expect(all[0]!.at).toBeInstanceOf(Date);
        expect(await store.scheduled.get('nope')).toBeUndefined();
      });

      it('keeps a fired job when the same id is scheduled again', async () => {
        await store.scheduled.upsert(job('j1', 10));
        const firedAt = new Date(T0 + 11 * 60_000);
        expect(await store.scheduled.markFired('j1', firedAt)).toBe(true);
        await store.scheduled.upsert(job('j1', 30, { text: 'again' }));
        expect(await store.scheduled.get('j1')).toEqual({ ...job('j1', 10), status: 'fired', firedAt });
      });

      it('lists due jobs earliest first, and the next pending one', async () => {
        for (const [id, m] of [['c', 30], ['a', 10], ['b', 20], ['d', 40]] as const) await store.scheduled.upsert(job(id, m));
        await store.scheduled.cancel('b');
        expect((await store.scheduled.due(new Date(T0 + 30 * 60_000))).map((j) => j.id)).toEqual(['a', 'c']);
        expect((await store.scheduled.due(new Date(T0 + 60 * 60_000), 2)).map((j) => j.id)).toEqual(['a', 'c']);
        expect(await store.scheduled.due(new Date(T0))).toEqual([]);
        expect((await store.scheduled.next())?.id).toBe('a');
        const range = { from: new Date(T0 + 10 * 60_000), to: new Date(T0 + 40 * 60_000) };
        expect((await store.scheduled.list({ status: 'pending', ...range })).map((j) => j.id)).toEqual(['a', 'c']);
        expect((await store.scheduled.list({ status: 'cancelled' })).map((j) => j.id)).toEqual(['b']);
      });

      it('marks a job fired exactly once, and never a cancelled one', async () => {
        await store.scheduled.upsert(job('j1', 10));
        await store.scheduled.upsert(job('j2', 10));
        const wins = await Promise.all(Array.from({ length: 10 }, () => store.scheduled.markFired('j1', new Date(T0))));
        expect(wins.filter(Boolean)).toHaveLength(1);
        expect(await store.scheduled.next()).toMatchObject({ id: 'j2' });
        expect(await store.scheduled.cancel('j2')).toBe(true);
        expect(await store.scheduled.cancel('j2')).toBe(false);
        expect(await store.scheduled.markFired('j2', new Date(T0))).toBe(false);
        expect(await store.scheduled.cancel('j1')).toBe(false);
        expect(await store.scheduled.next()).toBeUndefined();
        await store.scheduled.upsert(job('j2', 15));
        expect(await store.scheduled.get('j2')).toMatchObject({ status: 'pending' });
      });

      it('moves a routine on to its next occurrence once, and never a cancelled one', async () => {
        const repeat = { cron: '0 8 * * *', timeZone: 'UTC' };
        await store.scheduled.upsert(job('r1', 10, { kind: 'routine', repeat }));
        const [from, to, firedAt] = [new Date(T0 + 10 * 60_000), new Date(T0 + 70 * 60_000), new Date(T0 + 11 * 60_000)];
        const wins = await Promise.all(Array.from({ length: 5 }, () => store.scheduled.advance('r1', from, to, firedAt)));
        expect(wins.filter(Boolean)).toHaveLength(1);
        expect(await store.scheduled.get('r1')).toEqual({ ...job('r1', 70, { kind: 'routine', repeat }), status: 'pending', firedAt });
        expect(await store.scheduled.cancel('r1')).toBe(true);
        expect(await store.scheduled.advance('r1', to, new Date(T0 + 130 * 60_000), firedAt)).toBe(false);
        expect(await store.scheduled.get('r1')).toMatchObject({ status: 'cancelled', at: to });
      });
    });
  });
}
