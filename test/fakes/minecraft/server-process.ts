import { createRequire } from 'node:module';
import { Vec3 } from 'vec3';
import { installConsoleTeleport } from './console-commands.js';
import { runControl } from './controls.js';
import { installCrafting } from './crafting.js';
import { installHarvestRules } from './harvest.js';
import { OPTIONS_VARIABLE, type ControlReply, type ControlRequest, type ServerEvent, type ServerProcessOptions } from './ipc.js';
import { installItems } from './items.js';
import { installProtocolFixes } from './protocol-fixes.js';
import { installRespawn } from './respawn.js';
import type { FlyingSquid, SquidServer } from './squid.js';
import { installWhispers } from './whispers.js';
import { preparedWorld, SPAWN } from './world.js';

/**
 * The Minecraft test server process: flying-squid on a free port, offline, in the prepared
 * world, with the plugins that make it behave as the game does for a mineflayer bot. Started
 * by `startMinecraftServer` with an IPC channel; it exits when that channel closes.
 */

function send(message: ServerEvent | ControlReply): void {
  process.send?.(message);
}

function start(options: ServerProcessOptions): SquidServer {
  const squid = createRequire(import.meta.url)('flying-squid') as FlyingSquid;
  squid.generations['majordomo-prepared'] = preparedWorld;
  const serv = squid.createMCServer({
    motd: 'Majordomo test server',
    port: 0,
    'online-mode': false,
    'max-players': 20,
    logging: false,
    gameMode: 0,
    difficulty: 0,
    generation: { name: 'majordomo-prepared', options: {} },
    kickTimeout: 10_000,
    plugins: {},
    modpe: false,
    'view-distance': options.viewDistance,
    'player-list-text': { header: { text: 'Majordomo' }, footer: { text: 'test server' } },
    'everybody-op': false,
    'max-entities': 200,
    version: options.version,
  });
  serv.getSpawnPoint = async () => new Vec3(SPAWN.x, SPAWN.y, SPAWN.z);
  installProtocolFixes(serv);
  installRespawn(serv);
  installWhispers(serv);
  installHarvestRules(serv);
  installConsoleTeleport(serv);
  installCrafting(serv, installItems(serv));
  return serv;
}

function main(): void {
  let options: ServerProcessOptions;
  try {
    options = JSON.parse(process.env[OPTIONS_VARIABLE] ?? '') as ServerProcessOptions;
  } catch {
    send({ event: 'failed', message: `${OPTIONS_VARIABLE} is not set to the server options (JSON)` });
    process.exit(2);
  }
  let serv: SquidServer;
  try {
    serv = start(options);
  } catch (error) {
    send({ event: 'failed', message: `flying-squid did not start: ${error instanceof Error ? error.message : String(error)}` });
    process.exit(1);
  }
  serv.on('error', (error: unknown) => console.error('server error:', error));
  serv.on('clientError', (_client: unknown, error: unknown) => console.error('client error:', error));
  serv.once('ready', () => {
    const address = serv._server.socketServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    send({ event: 'ready', port, version: options.version });
  });

  process.on('message', (request: ControlRequest) => {
    runControl(serv, request).then(
      (value) => {
        send({ id: request.id, ok: true, value });
        if (request.op === 'stop') void shutdown(serv);
      },
      (error: unknown) => send({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The test that started this process is gone: nothing may stay behind.
  process.on('disconnect', () => void shutdown(serv));
}

async function shutdown(serv: SquidServer): Promise<void> {
  for (const player of serv.players) player.kick('Server closed');
  const done = serv.destroy().catch(() => undefined);
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  process.exit(0);
}

main();
