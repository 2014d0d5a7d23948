/**
 * A real Minecraft server for tests (flying-squid with the plugins a mineflayer bot needs),
 * and the prepared world it serves.
 */
export { MinecraftServerError, startMinecraftServer } from './server.js';
export type { MinecraftServerOptions, MinecraftTestServer, MinecraftTestVersion } from './server.js';
export type { InventoryItem } from './ipc.js';
export { GROUND_Y, SPAWN, STONE_HILL, TREES } from './world.js';
