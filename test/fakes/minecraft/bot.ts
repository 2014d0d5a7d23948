import mineflayer, { type Bot } from 'mineflayer';
import type { MinecraftTestServer } from './server.js';

/** A plain mineflayer bot on the test server, resolved once it has spawned. */
export async function connectBot(server: Pick<MinecraftTestServer, 'host' | 'port' | 'version'>, username: string, timeoutMs = 20_000): Promise<Bot> {
  const bot = mineflayer.createBot({ host: server.host, port: server.port, username, version: server.version, auth: 'offline', hideErrors: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${username} did not spawn within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      bot.end();
      reject(error);
    };
    bot.once('spawn', () => {
      clearTimeout(timer);
      resolve();
    });
    bot.once('kicked', (reason) => fail(new Error(`${username} was kicked while joining: ${reason}`)));
    bot.once('error', fail);
  });
  return bot;
}
