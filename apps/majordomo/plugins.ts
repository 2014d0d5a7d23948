import type { EnvSection } from '../../core/config/load.js';
import type { Config } from '../../core/config/load.js';
import { homePlace } from '../../core/config/schema.js';
import type { CoreSettings, Plugin, PluginModule } from '../../core/plugin/plugin.js';
import { PluginRegistry } from '../../core/plugin/registry.js';
import { consoleModule } from '../../channels/console/index.js';
import { discordModule } from '../../channels/discord/index.js';
import { emailModule } from '../../channels/email/index.js';
import { httpModule } from '../../channels/http/index.js';
import { calendarModule } from '../../services/calendar/index.js';
import { lightsModule } from '../../services/lights/index.js';
import { minecraftModule } from '../../services/minecraft/index.js';
import { memoryModule } from '../../services/memory/index.js';
import { documentsModule } from '../../services/documents/index.js';
import { shortcutsModule } from '../../services/shortcuts/index.js';
import { dashboardEnv } from '../dashboard/env.js';
import { memorySection } from '../../core/memory/env.js';
import { brainSection } from './brains.js';

/** Every built-in plugin. The brain knows all of them, configured or not. */
export const builtinModules: readonly PluginModule[] = [
  lightsModule,
  calendarModule,
  consoleModule,
  httpModule,
  emailModule,
  discordModule,
  minecraftModule,
  memoryModule,
  documentsModule,
  shortcutsModule,
];

/** The variables of the brain, then of every plugin. */
export function envSections(modules: readonly PluginModule[] = builtinModules): EnvSection[] {
  return [brainSection, ...modules.map((m) => ({ name: m.name, env: m.env })), { name: 'dashboard', env: dashboardEnv }, memorySection];
}

export function coreSettings(config: Config): CoreSettings {
  const c = config.core;
  const place = homePlace(c);
  return {
    dataDir: c.MAJORDOMO_DATA_DIR,
    timeZone: c.MAJORDOMO_TIMEZONE,
    ...(place ? { place } : {}),
    ownerEmail: c.MAJORDOMO_OWNER_EMAIL,
    http: { port: c.MAJORDOMO_HTTP_PORT, host: c.MAJORDOMO_HTTP_HOST, token: c.MAJORDOMO_API_TOKEN },
    maxMessageChars: c.MAJORDOMO_MAX_MESSAGE_CHARS,
  };
}

/**
 * Builds every plugin from its validated section of the configuration and registers it.
 * `overrides` replaces the plugins of a module by name (a console wired to this process's
 * terminal, say).
 */
export function buildRegistry(config: Config, overrides: Readonly<Record<string, Plugin>> = {}, modules: readonly PluginModule[] = builtinModules): PluginRegistry {
  const registry = new PluginRegistry();
  const core = coreSettings(config);
  for (const module of modules) {
    const override = overrides[module.name];
    const section = config.sections[module.name] ?? {};
    const created = override ?? module.create(section as never, core);
    for (const plugin of Array.isArray(created) ? created : [created]) registry.register(plugin);
  }
  registry.verify();
  return registry;
}
