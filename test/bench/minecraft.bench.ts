import { performance } from 'node:perf_hooks';
import mineflayer from 'mineflayer';
import type { TaskState } from '../../services/minecraft/task/state.js';
import { startMinecraftServer } from '../fakes/minecraft/index.js';
import { startMinecraftAssistant } from '../support/minecraft.js';

/**
 * Getting a stone pickaxe from an empty inventory, asked for in the game's chat, on
 * flying-squid: the time from the chat line to the finished request, the game actions the
 * bot made (dig, craft, place, walk, pick up, toss), the plan's steps, and the model calls
 * (none with the rule brain; Voyager needs 11±2 LLM prompting iterations for stone tools).
 */
export async function benchMinecraft(rounds: number): Promise<void> {
  console.log(`Minecraft: "get me a stone pickaxe" from an empty inventory, flying-squid, rule brain (${rounds} round${rounds === 1 ? '' : 's'}, a fresh server each)`);
  for (let round = 1; round <= rounds; round++) {
    const server = await startMinecraftServer();
    const { a } = await startMinecraftAssistant(server, 60_000);
    const alice = mineflayer.createBot({ host: server.host, port: server.port, username: 'alice', version: server.version, hideErrors: true });
    try {
      await new Promise<void>((resolve) => alice.once('spawn', () => resolve()));
      const created = new Promise<string>((resolve) => a.engine.events.on('request.created', (e) => resolve(e.requestId)));
      const t0 = performance.now();
      alice.chat('get me a stone pickaxe');
      const requestId = await created;
      const status = await a.finished(requestId, 600_000);
      const seconds = (performance.now() - t0) / 1000;
      const view = (await a.engine.api.request(requestId))!;
      const attempts = view.groups.flatMap((g) => g.actions.flatMap((r) => r.attempts));
      const task = attempts.map((t) => (t.result?.data as { task?: TaskState } | undefined)?.task).find((t) => t !== undefined);
      const given = await server.count('alice', 'stone_pickaxe');
      const steps = (task?.stepResults ?? []).map((r) => `${r.step}${r.ok ? '' : ' (failed)'} ${((r.ms ?? 0) / 1000).toFixed(1)} s`).join(', ');
      console.log(
        `  round ${round}: ${status}, alice holds ${given} stone pickaxe   ${seconds.toFixed(1)} s   game actions ${task?.actions ?? '?'}   plan steps ${task?.stepResults.filter((r) => r.ok).length ?? '?'}   failed attempts ${task?.errors.length ?? '?'}   replans ${task?.replans ?? '?'}   LLM calls ${view.usage?.calls ?? 0}`,
      );
      console.log(`    steps: ${steps}`);
    } finally {
      alice.quit();
      await a.dispose();
      await server.stop();
    }
  }
  console.log('  reference: Voyager, 11±2 LLM prompting iterations for stone tools');
}
