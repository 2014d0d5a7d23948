import type { Engine } from '../../core/engine.js';

/** Resolves once no group is queued or running (groups waiting for an answer do not count). */
export async function waitForIdle(engine: Engine, pollMs = 100): Promise<void> {
  for (;;) {
    const stats = await engine.dispatcher.stats();
    if (stats.queued === 0 && stats.running === 0) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Calls `stop` on the first SIGINT or SIGTERM; a second one exits at once. Returns a
 * function that removes the handlers.
 */
export function onShutdownSignal(stop: (signal: NodeJS.Signals) => void, write: (text: string) => void): () => void {
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count > 1) {
      write('majordomo: stopping now; unfinished groups resume at the next start\n');
      process.exit(130);
    }
    write(`majordomo: ${signal}: finishing the current actions, then stopping (again to force)\n`);
    stop(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/** How many questions wait for an answer, for the goodbye message. */
export async function waitingQuestions(engine: Engine): Promise<number> {
  return (await engine.api.questions({ status: ['open', 'queued'] })).length;
}
