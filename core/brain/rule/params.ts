import { z } from 'zod';

/** What the brain reads about one parameter of a method from its zod schema. */
export interface ParamInfo {
  name: string;
  /** The entity kind from `.meta({ entity })`; undefined when the plugin named none. */
  kind: string | undefined;
  required: boolean;
  /**
   * Needed as a required one is unless one of these is given (`.meta({ unless })` on it): an
   * event's start, unless it says how often it comes round.
   */
  unless?: string[];
  /** The JSON type the value must have. */
  type: 'string' | 'number' | 'boolean' | 'other';
  description: string;
}

interface Meta {
  entity?: unknown;
  description?: unknown;
  unless?: unknown;
}

/** Reads meta through `.optional()`, `.default()` and the like, outermost first. */
function metaOf(schema: z.ZodType): { kind?: string; description?: string; unless?: string[]; base: z.ZodType } {
  let current: z.ZodType = schema;
  let kind: string | undefined;
  let description: string | undefined;
  let unless: string[] | undefined;
  for (let depth = 0; depth < 8; depth++) {
    const meta = current.meta() as Meta | undefined;
    if (kind === undefined && typeof meta?.entity === 'string') kind = meta.entity;
    if (unless === undefined && Array.isArray(meta?.unless)) unless = meta.unless.filter((u): u is string => typeof u === 'string');
    if (description === undefined && typeof meta?.description === 'string') description = meta.description;
    description ??= current.description;
    const def = current._zod.def as { innerType?: z.ZodType };
    if (!def.innerType) break;
    current = def.innerType;
  }
  return { ...(kind !== undefined ? { kind } : {}), ...(description !== undefined ? { description } : {}), ...(unless !== undefined ? { unless } : {}), base: current };
}

function jsonType(schema: z.ZodType): ParamInfo['type'] {
  const type = schema._zod.def.type;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'other';
}

/** The parameters of a method, in declaration order. */
export function readParams(schema: z.ZodType): ParamInfo[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { kind, description, unless, base } = metaOf(field);
    return { name, kind, required: !field.safeParse(undefined).success, ...(unless ? { unless } : {}), type: jsonType(base), description: description ?? '' };
  });
}
