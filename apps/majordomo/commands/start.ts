import type { Config } from '../../../core/config/load.js';
import { createConsole } from '../../../channels/console/index.js';
import type { EmailChannel } from '../../../channels/email/index.js';
import type { HttpChannel } from '../../../channels/http/index.js';
import { dashboardServed } from '../../dashboard/wire.js';
import { redisLabel } from '../../../core/util/redis.js';
import { createAssistant } from '../assistant.js';
import { onShutdownSignal, waitForIdle, waitingQuestions } from '../lifecycle.js';

/**
 * `majordomo start`: every configured channel, until a signal, or until the terminal's
 * input ends when the terminal is the only way in.
 */
export async function start(config: Config): Promise<number> {
  const say = (text: string) => process.stderr.write(text);
  let inputEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (inputEnded = resolve));
  const consoleChannel = createConsole({
    input: process.stdin,
    output: process.stdout,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    onEnd: () => inputEnded(),
  });
  const assistant = await createAssistant(config, { overrides: { console: consoleChannel } });
  const { engine } = assistant;
  say(`majordomo: data in ${assistant.dataDir}; log in ${assistant.logTarget}\n`);
  if (config.core.REDIS_URL) {
    const agents = config.core.MAJORDOMO_LOCAL_WORKER ? 'here and on `majordomo worker` processes' : 'on `majordomo worker` processes only';
    say(`majordomo: distributed on ${redisLabel(config.core.REDIS_URL)} (queue prefix ${config.core.MAJORDOMO_QUEUE_PREFIX}); agents run ${agents}\n`);
  }
  try {
    await engine.start();
  } catch (error) {
    // Let go of the data directory and of connections (Redis), so that the error ends the process.
    await assistant.close();
    throw error;
  }

  // Addresses are announced once they answer; the terminal's prompt comes after them.
  const http = assistant.registry.channel('http') as HttpChannel | undefined;
  const host = config.core.MAJORDOMO_HTTP_HOST;
  if (http?.port !== undefined) {
    say(`majordomo: HTTP API on http://${host}:${http.port}\n`);
    if (dashboardServed(config)) say(`majordomo: dashboard on http://${host}:${http.port}/dashboard (log in with MAJORDOMO_API_TOKEN)\n`);
  } else say('majordomo: HTTP API off (set MAJORDOMO_API_TOKEN to turn it on)\n');

  const others = () => assistant.registry.channels().filter((c) => c.name !== 'console' && c.listening());
  const mail = (assistant.registry.channel('email') as EmailChannel | undefined)?.inboundSummary();
  if (mail) say(`majordomo: mail in by ${mail}\n`);
  if (config.core.MAJORDOMO_CONSOLE) consoleChannel.listen();

  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    const remove = onShutdownSignal((signal) => {
      remove();
      resolve(signal);
    }, say);
  });
  // With only the terminal as a way in, the end of its input is the end of the session.
  const lastInputGone = config.core.MAJORDOMO_CONSOLE && others().length === 0 ? ended.then(() => waitForIdle(engine)) : new Promise<never>(() => {});
  // Other channels keep the process alive on their own; this keeps it alive until a signal otherwise.
  const keepAlive = setInterval(() => {}, 1 << 30);
  await Promise.race([signalled, lastInputGone]);
  clearInterval(keepAlive);

  const waiting = await waitingQuestions(engine);
  await assistant.close();
  if (waiting > 0) say(`majordomo: ${waiting} question(s) still wait for an answer; they are saved: answer them at the next start\n`);
  return 0;
}
