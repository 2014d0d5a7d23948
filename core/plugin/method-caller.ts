import type { ActionContext } from './method.js';
import type { ServicePlugin } from './plugin.js';
import type { ActionResult } from '../types.js';
import { silentLogger } from '../util/logger.js';

/**
 * Outside an agent (a plugin's tests): runs a started plugin's methods as an agent would, with
 * the arguments validated, for the requester `userId` on the console. Each call is a new
 * attempt unless `key` (an idempotency key, `request:action:attempt`) replays one.
 */
export function methodCaller(plugin: ServicePlugin, userId = 'ada'): (method: string, args: Record<string, unknown>, key?: string) => Promise<ActionResult> {
  let n = 0;
  return async (method, args, key = `r${++n}:a1:1`) => {
    const spec = plugin.methods[method];
    if (!spec) throw new Error(`${plugin.name} has no method ${method}`);
    const ctx: ActionContext = {
      requestId: key.split(':')[0]!,
      groupId: 'g',
      actionId: 'a1',
      actionText: method,
      attempt: 1,
      idempotencyKey: key,
      requester: { address: { channel: 'console', conversationId: 'console', userId } },
      dependencyResults: [],
      signal: new AbortController().signal,
      logger: silentLogger,
      progress: () => {},
    };
    return spec.run(spec.params.parse(args) as never, ctx);
  };
}
