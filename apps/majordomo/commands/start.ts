import type { Config } from '../../../core/config/load.js';
import { createConsole } from '../../../channels/console/index.js';
import type { HttpChannel } from '../../../channels/http/index.js';
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
    read: config.core.MAJORDOMO_CONSOLE,
    onEnd: () => inputEnded(),
  });
  const assistant = await createAssistant(config, { overrides: { console: consoleChannel } });
  const { engine } = assistant;
  await engine.start();

  const inbound = assistant.registry.channels().filter((c) => c.configured && c.name !== 'console').map((c) => c.name);
  const http = assistant.registry.channel('http') as HttpChannel | undefined;
  say(`majordomo: data in ${assistant.dataDir}; log in ${assistant.logTarget}\n`);
  if (http?.port !== undefined) say(`majordomo: HTTP API on http://${config.core.MAJORDOMO_HTTP_HOST}:${http.port}\n`);
  else say('majordomo: HTTP API off (set MAJORDOMO_API_TOKEN to turn it on)\n');
  if (inbound.length > 0) say(`majordomo: channels: ${['console', ...inbound].join(', ')}\n`);

  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    const remove = onShutdownSignal((signal) => {
      remove();
      resolve(signal);
    }, say);
  });
  // With only the terminal as a way in, the end of its input is the end of the session.
  const lastInputGone = inbound.filter((c) => c !== 'http' || http?.port !== undefined).length === 0 && config.core.MAJORDOMO_CONSOLE ? ended.then(() => waitForIdle(engine)) : new Promise<never>(() => {});
  await Promise.race([signalled, lastInputGone]);

  const waiting = await waitingQuestions(engine);
  await assistant.close();
  if (waiting > 0) say(`majordomo: ${waiting} question(s) still wait for an answer; they are saved and will be asked again at the next start\n`);
  return 0;
}
