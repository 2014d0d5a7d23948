import type { EnvSection } from '../../core/config/load.js';
import type { Config } from '../../core/config/load.js';
import type { CoreSettings, Plugin, PluginModule } from '../../core/plugin/plugin.js';
import { PluginRegistry } from '../../core/plugin/registry.js';
import { discordModule } from '../../channels/discord/index.js';
import { emailModule } from '../../channels/email/index.js';
import { calendarModule } from '../../services/calendar/index.js';
import { lightsModule } from '../../services/lights/index.js';
import { minecraftModule } from '../../services/minecraft/index.js';

/** Every built-in plugin. The brain knows all of them, configured or not. */
export const builtinModules: readonly PluginModule[] = [
  lightsModule,
  calendarModule,
  emailModule,
  discordModule,
  minecraftModule,
];

export function envSections(modules: readonly PluginModule[] = builtinModules): EnvSection[] {
  return modules.map((m) => ({ name: m.name, env: m.env }));
}

export function coreSettings(config: Config): CoreSettings {
  return { dataDir: config.core.MAJORDOMO_DATA_DIR, timeZone: config.core.MAJORDOMO_TIMEZONE, ownerEmail: config.core.MAJORDOMO_OWNER_EMAIL };
}

/** Builds every plugin from its validated section of the configuration and registers it. */
export function buildRegistry(config: Config, modules: readonly PluginModule[] = builtinModules, extra: Plugin[] = []): PluginRegistry {
  const registry = new PluginRegistry();
  const core = coreSettings(config);
  for (const module of modules) {
    const section = config.sections[module.name] ?? {};
    const created = module.create(section as never, core);
    for (const plugin of Array.isArray(created) ? created : [created]) registry.register(plugin);
  }
  for (const plugin of extra) registry.register(plugin);
  registry.verify();
  return registry;
}
