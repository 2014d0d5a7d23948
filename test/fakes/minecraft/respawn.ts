import type { SquidPlayer, SquidServer } from './squid.js';

/**
 * Respawn after death. flying-squid compares the client command with the number 0, but on
 * 1.21 the protocol maps it to the name `perform_respawn`, and its respawn packet lacks the
 * 1.20.5+ `worldState`. The player reappears at the spawn point with full health and food,
 * keeping the inventory (as with the `keepInventory` game rule).
 */
export function installRespawn(serv: SquidServer): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    player._client.removeAllListeners('client_command');
    player._client.on('client_command', (packet: { actionId?: unknown; payload?: unknown }) => {
      const action = packet.actionId ?? packet.payload;
      if (action !== 'perform_respawn' && action !== 0) return;
      if (player.health > 0) return;
      respawn(serv, player);
    });
  });
}

function respawn(serv: SquidServer, player: SquidPlayer): void {
  const login = (serv.registry as unknown as { loginPacket?: { worldState?: Record<string, unknown> } }).loginPacket;
  const mode = ['survival', 'creative', 'adventure', 'spectator'][player.gameMode] ?? 'survival';
  if (login?.worldState) {
    player._client.write('respawn', {
      worldState: { ...login.worldState, gamemode: mode, previousGamemode: 255 },
      copyMetadata: 0,
    });
  } else {
    player._sendRespawn();
  }
  player.position = player.spawnPoint.clone();
  player.sendSelfPosition(player.spawnPoint);
  player.updateFood(20);
  player.updateHealth(20);
  player.nearbyEntities = [];
  player.updateAndSpawn();
}
