import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../support/cleanup.js';
import { askedToEmailSam } from '../support/confirmation.js';
import { eventually } from '../support/eventually.js';

/** A message sent while the assistant waits for an answer in the same conversation. */
describe('while a question waits', () => {
  const cleanup = cleanupAfterEach();

  it('a request to another service is a request of its own, and the question keeps waiting for its answer', async () => {
    const { a, smtp, emailRequest } = await askedToEmailSam(cleanup);
    const kitchen = () => a.store.pluginState('lights').get<{ on: boolean }>('light:kitchen');

    const other = await a.type('turn off the kitchen light');
    expect(other.kind).toBe('request');
    if (other.kind !== 'request') return;
    await a.waitForOutput(/On it\. \(Your answer is still needed: Shall I .*sam@example\.com/);
    expect(await a.finished(other.requestId)).toBe('done');
    expect((await kitchen())?.on).toBe(false);
    // The email was neither sent nor replaced: it still waits for a yes or a no.
    expect(smtp.mails).toHaveLength(0);
    expect((await a.store.getRequest(emailRequest))?.status).toBe('waiting');
    expect(await a.store.listQuestions({ status: ['open'] })).toHaveLength(1);

    expect((await a.type('yes')).kind).toBe('answer');
    expect(await a.finished(emailRequest)).toBe('done');
    expect(smtp.mails.map((m) => m.to)).toEqual([['sam@example.com']]);
  });

  it('what opens as an answer, says "instead", or asks of the same service, answers it', async () => {
    const { a, smtp, emailRequest } = await askedToEmailSam(cleanup);
    // Another address for the same email: the action waiting is revised, and asked about again.
    expect((await a.type('send it to alice@example.com')).kind).toBe('answer');
    await a.waitForOutput(/\? Shall I .*alice@example\.com/);
    // Something else in its place.
    expect((await a.type('turn on the porch light instead')).kind).toBe('answer');
    await a.waitForOutput(/Skipped: "send an email to sam@example\.com .*" \(replaced by your answer\)/);
    // What was asked for in its place was done: so was the request.
    expect(await a.finished(emailRequest)).toBe('done');
    expect(smtp.mails).toHaveLength(0);
    expect((await a.store.pluginState('lights').get<{ on: boolean }>('light:porch'))?.on).toBe(true);
  });

  it('"no, ..." answers it, whatever follows', async () => {
    const { a, smtp, emailRequest } = await askedToEmailSam(cleanup);
    expect((await a.type('no, turn off the garage light')).kind).toBe('answer');
    await eventually(async () => (await a.store.getRequest(emailRequest))?.status !== 'waiting', 'the request to go on');
    expect(smtp.mails).toHaveLength(0);
  });
});
