import { z } from 'zod';
import { PluginError } from '../errors.js';
import { PRIMARY_CHANNEL, type Catalog, type CatalogEntry } from './catalog.js';
import type { EntityVocabulary, MethodHints } from './hints.js';
import type { ChannelPlugin, Plugin, ServicePlugin } from './plugin.js';

const NAME = /^[a-z][a-z0-9_]*$/;

/** Ways to say "tell me" without naming a channel: they mean the channel the request came from. */
const PRIMARY_HINTS: MethodHints = {
  phrases: [
    'let me know',
    'let me see',
    'tell me',
    'notify me',
    'ping me',
    'message me',
    'report back',
    'keep me posted',
    'get back to me',
    'send me a message',
    'send me a note',
  ],
  textIntros: ['(saying|that says|to say)', 'telling me [that]', 'that'],
};

/**
 * Holds the plugins of one assistant. Registration checks names, schemas and declared
 * dependencies; registering the same plugin object twice is ignored.
 */
export class PluginRegistry {
  readonly #plugins = new Map<string, Plugin>();
  #catalog: Catalog | undefined;

  register(plugin: Plugin): this {
    const existing = this.#plugins.get(plugin.name);
    if (existing === plugin) return this;
    if (existing) {
      throw new PluginError('MJ_ERR_PLUGIN_DUPLICATE', `two plugins are named "${plugin.name}"`, {
        hint: 'give each plugin a unique name',
      });
    }
    if (!NAME.test(plugin.name) || plugin.name === PRIMARY_CHANNEL) {
      throw new PluginError('MJ_ERR_PLUGIN_NAME', `"${plugin.name}" is not a valid plugin name`, {
        hint: `use lower-case letters, digits and _, and not "${PRIMARY_CHANNEL}"`,
      });
    }
    for (const [method, spec] of Object.entries(plugin.methods)) {
      if (!NAME.test(method)) {
        throw new PluginError('MJ_ERR_PLUGIN_METHOD', `method "${plugin.name}.${method}" has an invalid name`);
      }
      if (!(spec.params instanceof z.ZodObject)) {
        throw new PluginError('MJ_ERR_PLUGIN_METHOD', `method "${plugin.name}.${method}" needs a z.object() parameter schema`);
      }
    }
    if (plugin.kind === 'channel' && !plugin.methods['send_message']) {
      throw new PluginError('MJ_ERR_PLUGIN_METHOD', `channel "${plugin.name}" has no send_message method`);
    }
    this.#plugins.set(plugin.name, plugin);
    this.#catalog = undefined;
    return this;
  }

  /** Checks that every declared dependency is registered. */
  verify(): void {
    for (const plugin of this.#plugins.values()) {
      for (const dependency of plugin.dependencies ?? []) {
        if (!this.#plugins.has(dependency)) {
          throw new PluginError(
            'MJ_ERR_PLUGIN_MISSING_DEPENDENCY',
            `plugin "${plugin.name}" needs plugin "${dependency}", which is not registered`,
            { hint: `register "${dependency}" before starting` },
          );
        }
      }
    }
  }

  get(name: string): Plugin | undefined {
    return this.#plugins.get(name);
  }

  channel(name: string): ChannelPlugin | undefined {
    const plugin = this.#plugins.get(name);
    return plugin?.kind === 'channel' ? plugin : undefined;
  }

  all(): Plugin[] {
    return [...this.#plugins.values()];
  }

  services(): ServicePlugin[] {
    return this.all().filter((p): p is ServicePlugin => p.kind === 'service');
  }

  channels(): ChannelPlugin[] {
    return this.all().filter((p): p is ChannelPlugin => p.kind === 'channel');
  }

  /** What brains may choose from. Rebuilt only after a registration. */
  catalog(): Catalog {
    this.#catalog ??= buildCatalog(this.all());
    return this.#catalog;
  }
}

function buildCatalog(plugins: Plugin[]): Catalog {
  const entries: CatalogEntry[] = [];
  const entities: EntityVocabulary[] = [];
  for (const plugin of plugins) {
    for (const [method, spec] of Object.entries(plugin.methods)) {
      entries.push({
        target: `${plugin.name}.${method}`,
        plugin: plugin.name,
        method,
        kind: plugin.kind,
        description: spec.description,
        spec,
        configured: plugin.configured,
        requiredEnv: plugin.requiredEnv ?? [],
      });
    }
    entities.push(...(plugin.entities ?? []));
  }
  const byTarget = new Map(entries.map((e) => [e.target, e]));
  return Object.freeze({
    entries: Object.freeze(entries),
    entities: Object.freeze(entities),
    channels: Object.freeze(plugins.filter((p) => p.kind === 'channel').map((p) => p.name)),
    peopleHere: Object.freeze(plugins.filter((p) => p.kind === 'channel' && p.peopleHere === true).map((p) => p.name)),
    get: (target: string) => byTarget.get(target),
    primaryHints: PRIMARY_HINTS,
  });
}
