import type { Config } from '../../../core/config/load.js';
import { onShutdownSignal } from '../lifecycle.js';
import { startWorker } from '../worker.js';

/**
 * `majordomo worker`: runs agents for the groups queued on Redis by `majordomo start`, until
 * SIGTERM or SIGINT; then the running groups park after their current action and go back
 * to the queue for another worker.
 */
export async function worker(config: Config, options: { concurrency?: number } = {}): Promise<number> {
  const say = (text: string) => process.stderr.write(text);
  const w = await startWorker(config, options);
  say(`majordomo: worker on ${w.redis} (queue prefix ${config.core.MAJORDOMO_QUEUE_PREFIX}), ${w.concurrency} group(s) at a time; log in ${w.logTarget}\n`);
  await new Promise<NodeJS.Signals>((resolve) => {
    const remove = onShutdownSignal((signal) => {
      remove();
      resolve(signal);
    }, say);
  });
  await w.close();
  say('majordomo: worker stopped; its unfinished groups are back in the queue\n');
  return 0;
}
