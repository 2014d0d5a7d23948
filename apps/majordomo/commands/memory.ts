import { resolve } from 'node:path';
import type { Config } from '../../../core/config/load.js';
import { MajordomoError } from '../../../core/errors.js';
import type { MemoryEnv } from '../../../core/memory/env.js';
import { MEMORY_KINDS, type MemoryKind, type MemoryRecord } from '../../../core/memory/memory.js';
import { openVectorMemory } from '../../../core/memory/open.js';
import { silentLogger } from '../../../core/util/logger.js';

export interface MemoryCommandOptions {
  kind?: string;
  limit?: string;
  json?: boolean;
}

function usage(message: string, hint: string): never {
  throw new MajordomoError('MJ_ERR_USAGE', message, { hint });
}

function kindOf(value: string | undefined): MemoryKind | undefined {
  if (value === undefined) return undefined;
  if (!(MEMORY_KINDS as readonly string[]).includes(value)) usage(`--kind "${value}" is not a kind of memory`, `use one of ${MEMORY_KINDS.join(', ')}`);
  return value as MemoryKind;
}

function limitOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) usage(`--limit "${value}" is not a whole number above 0`, 'e.g. --limit 20');
  return n;
}

function line(m: MemoryRecord, extra = ''): string {
  const where = m.position ? ` @${m.position.x},${m.position.y},${m.position.z}${m.dimension ? ` ${m.dimension}` : ''}` : '';
  return `${m.id}  ${m.kind.padEnd(10)}  ${m.createdAt.slice(0, 19)}Z  imp ${String(m.importance).padStart(3)}${extra}  ${m.text}${where}`;
}

/**
 * `majordomo memory list|search|delete`: looks into the long-term memory of this data
 * directory (or the Qdrant collection configured), and forgets what it is told to.
 */
export async function memoryCommand(config: Config, positionals: string[], options: MemoryCommandOptions): Promise<number> {
  const [action, ...rest] = positionals;
  const env = config.sections['memory'] as MemoryEnv;
  const kind = kindOf(options.kind);
  if (action !== 'list' && action !== 'search' && action !== 'delete') {
    usage(action === undefined ? 'memory needs list, search or delete' : `unknown memory command "${action}"`, 'e.g. majordomo memory list --kind lesson, majordomo memory search "crafting table", majordomo memory delete ID');
  }
  if (action === 'search' && rest.join(' ').trim() === '') usage('memory search needs what to look for', 'e.g. majordomo memory search "garage light"');
  if (action === 'delete' && rest.length === 0) usage('memory delete needs the ids of the memories', 'ids are shown by majordomo memory list');
  const memory = await openVectorMemory(env, resolve(config.core.MAJORDOMO_DATA_DIR), silentLogger);
  const out = process.stdout;
  try {
    switch (action) {
      case 'list': {
        const found = await memory.list(kind ? { kind } : {}, { limit: limitOf(options.limit, 50) });
        if (options.json) out.write(`${JSON.stringify(found, null, 2)}\n`);
        else {
          const total = await memory.count(kind ? { kind } : {});
          for (const m of found) out.write(`${line(m)}\n`);
          out.write(`${found.length} of ${total} ${kind ?? 'memories'}${kind ? ' memories' : ''}, newest first (${memory.name})\n`);
        }
        return 0;
      }
      case 'search': {
        // Looking is not recalling: a search from here does not make memories recent.
        const found = await memory.search({ text: rest.join(' '), limit: limitOf(options.limit, 10), touch: false, ...(kind ? { kind } : {}) });
        if (options.json) out.write(`${JSON.stringify(found, null, 2)}\n`);
        else for (const s of found) out.write(`${line(s.memory, `  score ${s.score.toFixed(3)} (rec ${s.recency.toFixed(2)} imp ${s.importance.toFixed(2)} rel ${s.relevance.toFixed(2)})`)}\n`);
        if (!options.json && found.length === 0) out.write('nothing found\n');
        return 0;
      }
      case 'delete': {
        const n = await memory.delete(rest);
        out.write(`deleted ${n} of ${rest.length}\n`);
        return n === rest.length ? 0 : 1;
      }
    }
  } finally {
    await memory.close();
  }
}
