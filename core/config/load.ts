import { readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import type { z } from 'zod';
import { ConfigError } from '../errors.js';
import { coreEnv, type CoreEnv } from './schema.js';

/** A named group of variables: the core's, or a plugin's. */
export interface EnvSection<E extends z.ZodObject = z.ZodObject> {
  name: string;
  env: E;
}

/** Validated, frozen configuration: the core's values and each section's. */
export interface Config {
  readonly core: Readonly<CoreEnv>;
  readonly sections: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Variables that look like ours but no section reads (typos, most often). */
  readonly unknown: readonly string[];
}

/**
 * Reads a `.env` file into an environment. Variables already set win over the file, as
 * with dotenv. A missing file is fine; an unreadable one is not.
 */
export function withDotenv(env: NodeJS.ProcessEnv, path: string): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new ConfigError(`cannot read ${path}`, [], { cause: error });
  }
  return { ...parseDotenv(text), ...env };
}

/**
 * Validates every section against the environment, once. The first bad value stops
 * start-up with a message that names the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv, sections: readonly EnvSection[]): Config {
  const core = parseSection({ name: 'core', env: coreEnv }, env) as CoreEnv;
  const parsed: Record<string, Readonly<Record<string, unknown>>> = {};
  const known = new Set(Object.keys(coreEnv.shape));
  for (const section of sections) {
    parsed[section.name] = Object.freeze(parseSection(section, env));
    for (const key of Object.keys(section.env.shape)) known.add(key);
  }
  const unknown = Object.keys(env).filter((k) => k.startsWith('MAJORDOMO_') && !known.has(k));
  return Object.freeze({ core: Object.freeze(core), sections: Object.freeze(parsed), unknown: Object.freeze(unknown) });
}

function parseSection(section: EnvSection, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(section.env.shape)) input[key] = env[key];
  const result = section.env.safeParse(input);
  if (result.success) return result.data as Record<string, unknown>;
  const issues = result.error.issues;
  const variables = [...new Set(issues.map((i) => String(i.path[0] ?? '')))].filter(Boolean);
  const lines = issues.map((i) => `${String(i.path[0] ?? section.name)}: ${i.message}`);
  throw new ConfigError(`invalid configuration: ${lines.join('; ')}`, variables, {
    hint: `fix ${variables.join(', ')} in the environment or .env`,
  });
}

/** One row of the configuration table. */
export interface EnvDoc {
  section: string;
  variable: string;
  default: string | undefined;
  description: string;
  secret: boolean;
}

export function describeEnv(sections: readonly EnvSection[]): EnvDoc[] {
  const rows: EnvDoc[] = [];
  for (const section of [{ name: 'core', env: coreEnv } as EnvSection, ...sections]) {
    for (const [variable, schema] of Object.entries(section.env.shape)) {
      const meta = (schema as z.ZodType).meta() as { description?: string; default?: string; secret?: boolean } | undefined;
      rows.push({
        section: section.name,
        variable,
        default: meta?.default === undefined || meta.default === '' ? undefined : String(meta.default),
        description: meta?.description ?? '',
        secret: meta?.secret === true,
      });
    }
  }
  return rows;
}
