import type { Config } from '../../../core/config/load.js';
import { createConsole } from '../../../channels/console/index.js';
import type { RequestStatus } from '../../../core/events.js';
import { createAssistant } from '../assistant.js';
import { onShutdownSignal, waitForIdle, waitingQuestions } from '../lifecycle.js';
import { MajordomoError } from '../../../core/errors.js';
import { describeUsage } from '../../../core/brain/usage.js';

/** Exit codes of `majordomo run`. */
export const RUN_EXIT = { done: 0, failed: 1, waiting: 3, interrupted: 130 } as const;

/**
 * `majordomo run TEXT`: one request, now. Progress and questions on the terminal (answers
 * are read from the input), then the report. With `--json`, the report is the only thing on
 * standard output.
 */
export async function runOnce(config: Config, text: string, options: { json: boolean }): Promise<number> {
  if (text.trim() === '') throw new MajordomoError('MJ_ERR_USAGE', 'run needs the text of a request', { hint: 'e.g. majordomo run "turn on the kitchen light"' });
  const say = (t: string) => process.stderr.write(t);
  let inputEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (inputEnded = resolve));
  const consoleChannel = createConsole({
    input: process.stdin,
    output: options.json ? process.stderr : process.stdout,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY) && !options.json,
    onEnd: () => inputEnded(),
  });
  const assistant = await createAssistant(config, { overrides: { console: consoleChannel } });
  const { engine } = assistant;
  await engine.start({ channels: true });
  // Input is answers: read it once there is a question, so that an answer typed ahead
  // is not taken for a new request while the first question is still being stored.
  engine.events.once('question.asked', () => consoleChannel.listen());

  const finishedAt = new Map<string, RequestStatus>();
  let notify: (() => void) | undefined;
  engine.events.on('request.finished', (e) => {
    finishedAt.set(e.requestId, e.status);
    notify?.();
  });
  const outcome = await consoleChannel.submit(text);
  // An answer to a question asked before ("majordomo run skip") resumes its request: it is followed to its end as a new one would be.
  if (outcome.kind !== 'request' && outcome.kind !== 'answer') {
    await assistant.close();
    if (outcome.kind === 'rejected') say(`majordomo: ${outcome.reason}\n`);
    // "majordomo run help": answered on the terminal already.
    return outcome.kind === 'replied' ? RUN_EXIT.done : RUN_EXIT.failed;
  }
  const { requestId } = outcome;
  // A question asked before still waits (this request's own, if it asks, waits in line behind it): answers are read now.
  if ((await waitingQuestions(engine)) > 0) consoleChannel.listen();
  const finished = new Promise<RequestStatus>((resolve) => {
    const check = () => {
      const status = finishedAt.get(requestId);
      if (status) resolve(status);
    };
    notify = check;
    check();
  });

  let interrupted = false;
  const signalled = new Promise<void>((resolve) => {
    const remove = onShutdownSignal(() => {
      interrupted = true;
      remove();
      resolve();
    }, say);
  });
  const stuck = ended.then(() => waitForIdle(engine));
  const status = await Promise.race([finished, signalled.then(() => undefined), stuck.then(() => finishedAt.get(requestId))]);

  const view = await engine.api.request(requestId);
  const waiting = await waitingQuestions(engine);
  await assistant.close();
  if (options.json) process.stdout.write(`${JSON.stringify(view, null, 2)}\n`);
  else if (view?.usage) say(`model: ${describeUsage(view.usage)}\n`);
  if (interrupted) return RUN_EXIT.interrupted;
  if (status === undefined) {
    say(`majordomo: request ${requestId} waits for ${waiting} answer(s); it is saved: answer with majordomo run "<answer>", or in majordomo start\n`);
    return RUN_EXIT.waiting;
  }
  return status === 'done' ? RUN_EXIT.done : RUN_EXIT.failed;
}
