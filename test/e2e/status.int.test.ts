import { describe, expect, it } from 'vitest';
import { asksAboutRequests } from '../../core/gateway/status.js';
import { actionStarted as started, sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

const TOKEN = 'status-token-0123456789abcdef';

describe('"did it work?", "what did I ask you today?": about the sender\'s own requests', () => {
  const cleanup = cleanupAfterEach();

  it('are told apart from requests and from what the game\'s bot is asked', () => {
    for (const text of ['did it work?', 'Did that work', 'so, did it go through?', 'what happened?', 'tell me what happened', 'what happened with my last request', 'how did it go?', 'is it done yet?', 'are you done?', 'any news?', 'any updates on that?', "what's the status of my last request?", 'did the email go out?', 'did you turn off the lights?', 'did you send it yet']) {
      expect(asksAboutRequests(text), text).toEqual({ kind: 'last' });
    }
    for (const text of ['what did I ask you today?', 'what did I ask you to do today', 'what have I asked you for so far today', 'show me my requests', 'my requests today', 'what did you do today?']) {
      expect(asksAboutRequests(text), text).toEqual({ kind: 'day', daysAgo: 0 });
    }
    expect(asksAboutRequests('what did I ask you yesterday?')).toEqual({ kind: 'day', daysAgo: 1 });
    // Requests, and the bot's own status.
    for (const text of ['what did I ask you to remind me about', 'turn off the light and tell me what happened', 'what happened to the kitchen light', 'status', 'status report', 'what are you doing', 'is the kitchen light on', 'did you know that bob is coming', 'remind me to check if the email went out']) {
      expect(asksAboutRequests(text), text).toBeUndefined();
    }
  });

  it.each([
    ['embedded', (): Record<string, string> => ({})],
    ['distributed', (): Record<string, string> => ({ REDIS_URL: SHARED_REDIS_URL, MAJORDOMO_QUEUE_PREFIX: freshPrefix('status') })],
  ])('says how the last request went while it runs, waits and after it ended, the sender\'s own only; nothing is planned (%s)', async (_mode, env) => {
    const settings = env();
    const a = await startTestAssistant({ LIGHTS_LATENCY_MS: '300', MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0', ...settings });
    cleanup(async () => {
      await a.dispose();
      if (settings['MAJORDOMO_QUEUE_PREFIX']) await deletePrefix(SHARED_REDIS_URL, settings['MAJORDOMO_QUEUE_PREFIX']);
    });
    expect(await a.type('did it work?')).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^You have not asked me anything yet/) });

    const kitchen = started(a, 'kitchen');
    const garage = started(a, 'garage');
    const mine = await a.type('turn on the kitchen light and then turn off the garage light');
    if (mine.kind !== 'request') throw new Error('not a request');
    await kitchen;
    const said = '"turn on the kitchen light and then turn off the garage light" \\(today at \\d\\d:\\d\\d\\), is still running';
    expect(await a.type('is it done yet?')).toMatchObject({ kind: 'replied', text: expect.stringMatching(new RegExp(`^Your last request, ${said}: 0 of 2 actions over so far, now "turn on the kitchen light"\\.`)) });
    // One action over, in one group: in distributed mode the store has none of it until the group ends.
    await garage;
    expect(await a.type('any news?')).toMatchObject({ kind: 'replied', text: expect.stringMatching(new RegExp(`^Your last request, ${said}: 1 of 2 actions over so far, now "turn off the garage light"\\.`)) });
    expect(await a.finished(mine.requestId)).toBe('done');
    // Someone else's request, over the HTTP API, is not theirs.
    const response = await fetch(`http://127.0.0.1:${a.http!.port}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'turn on the porch light', conversationId: 'other' }),
    });
    expect(await a.finished(((await response.json()) as { requestId: string }).requestId)).toBe('done');
    const told = await a.type('so, what happened?');
    expect(told).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Your last request, "turn on the kitchen light and then turn off the garage light" \(today at \d\d:\d\d\): .*garage light is off/s) });

    const asked = await a.type('turn on the attic light');
    if (asked.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? I don't know how to "turn on the attic light"/);
    expect(await a.type('did it work?')).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Your last request, "turn on the attic light" \(today at \d\d:\d\d\), is waiting for your answer: I don't know how to "turn on the attic light"/) });
    // Still waiting for its answer: the question was not taken as answered.
    expect((await a.type('the porch')).kind).toBe('answer');
    expect(await a.finished(asked.requestId)).toBe('done');
    // Three requests in all, two of them this sender's: the questions made none.
    expect(await a.engine.api.requests()).toHaveLength(3);
  });

  it('lists what the sender asked today or yesterday, by the assistant\'s clock and time zone', async () => {
    let now = Date.parse('2026-11-20T21:30:00Z');
    const a = await startTestAssistant({ MAJORDOMO_TIMEZONE: 'Europe/Paris' }, undefined, { clock: () => new Date(now) });
    cleanup(() => a.dispose());
    const say = sayer(a);
    expect(await a.type('what did I ask you today?')).toMatchObject({ kind: 'replied', text: 'You have asked me nothing today.' });
    await say('turn on the kitchen light', 'done');
    // After midnight in Paris (23:00 UTC), a new day there.
    now = Date.parse('2026-11-20T23:10:00Z');
    await say('turn off the kitchen light', 'done');
    await say('frobnicate the widget');
    await a.waitForOutput(/I don't know how to "frobnicate the widget"/);
    expect(await a.type('what did I ask you today?')).toMatchObject({
      kind: 'replied',
      text: 'Today you asked me:\n- 00:10 "turn off the kitchen light": done\n- 00:10 "frobnicate the widget": waiting for your answer\nSay "what happened" for how the last one went.',
    });
    expect(await a.type('what did I ask you yesterday')).toMatchObject({ kind: 'replied', text: 'Yesterday you asked me:\n- 22:30 "turn on the kitchen light": done\nSay "what happened" for how the last one went.' });
  });
});
