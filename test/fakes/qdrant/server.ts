import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, FilterError, type Filter, type Payload } from './filter.js';

/**
 * A fake Qdrant: real HTTP, the REST endpoints and bodies of Qdrant 1.x that
 * `@qdrant/js-client-rest` sends for collections, payload indexes and points (upsert,
 * retrieve, query, scroll with order_by, count, delete, set payload), answered in Qdrant's
 * envelope (`{result, status: "ok", time}`, errors as `{status: {error}}`). It refuses what
 * Qdrant refuses: unknown collections, vectors of the wrong size, ids that are neither
 * unsigned integers nor UUIDs, `order_by` on a key without a range index. Search is exact
 * (every point is compared), which is what an HNSW index approximates.
 */

type PointId = string | number;

interface Point {
  id: PointId;
  vector: number[];
  payload: Payload;
}

interface Collection {
  size: number;
  distance: 'Cosine' | 'Dot' | 'Euclid' | 'Manhattan';
  points: Map<string, Point>;
  indexes: Map<string, string>;
}

export interface FakeQdrant {
  readonly url: string;
  /** Every request: method and path, in order. */
  readonly requests: Array<{ method: string; path: string }>;
  collection(name: string): { size: number; points: number; indexes: string[] } | undefined;
  close(): Promise<void>;
}

const VERSION = '1.18.0';
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const RANGE_TYPES = new Set(['integer', 'float', 'datetime']);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function pointKey(id: unknown): string {
  if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return String(id);
  if (typeof id === 'string' && UUID.test(id)) {
    const hex = id.replace(/-/g, '').toLowerCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  throw new HttpError(400, `Format error in JSON body: value ${JSON.stringify(id)} is not a valid point ID, valid values are either an unsigned integer or a UUID`);
}

function outId(key: string): PointId {
  return /^\d+$/.test(key) ? Number(key) : key;
}

function similarity(c: Collection, a: number[], b: number[]): number {
  let dot = 0;
  let dist = 0;
  let manhattan = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    dist += (a[i]! - b[i]!) ** 2;
    manhattan += Math.abs(a[i]! - b[i]!);
  }
  if (c.distance === 'Euclid') return Math.sqrt(dist);
  if (c.distance === 'Manhattan') return manhattan;
  return dot;
}

function normalize(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return n === 0 ? v : v.map((x) => x / n);
}

function selectPayload(payload: Payload, withPayload: unknown): Payload | undefined {
  if (withPayload === false || withPayload === undefined || withPayload === null) return undefined;
  if (Array.isArray(withPayload)) return Object.fromEntries(Object.entries(payload).filter(([k]) => withPayload.includes(k)));
  return structuredClone(payload);
}

function view(p: Point, body: { with_payload?: unknown; with_vector?: unknown }, defaults: { payload: boolean }) {
  const payload = selectPayload(p.payload, body.with_payload ?? defaults.payload);
  return { id: p.id, ...(payload ? { payload } : {}), ...(body.with_vector ? { vector: p.vector } : {}) };
}

function getPath(payload: Payload, key: string): unknown {
  let v: unknown = payload;
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Payload)[part] : undefined;
  return v;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch (error) {
    throw new HttpError(400, `Format error in JSON body: ${(error as Error).message}`);
  }
}

export async function startFakeQdrant(options: { apiKey?: string } = {}): Promise<FakeQdrant> {
  const collections = new Map<string, Collection>();
  const requests: Array<{ method: string; path: string }> = [];
  let operation = 0;

  const need = (name: string): Collection => {
    const c = collections.get(name);
    if (!c) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`);
    return c;
  };
  const filterOf = (body: Record<string, unknown>) => (body['filter'] ?? undefined) as Filter | undefined;
  const matching = (c: Collection, filter: Filter | undefined) => [...c.points.values()].filter((p) => evaluate(filter, p.id, p.payload));
  const vectorOf = (c: Collection, v: unknown): number[] => {
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new HttpError(400, 'Format error in JSON body: vector must be an array of numbers');
    if (v.length !== c.size) throw new HttpError(400, `Wrong input: Vector dimension error: expected dim: ${c.size}, got ${v.length}`);
    return c.distance === 'Cosine' ? normalize(v as number[]) : (v as number[]);
  };
  const done = () => ({ operation_id: operation++, status: 'completed' });

  async function route(method: string, path: string, body: Record<string, unknown>): Promise<unknown> {
    if (method === 'GET' && path === '/') return { title: 'qdrant - vector search engine', version: VERSION, commit: 'fake' };
    if (method === 'GET' && path === '/collections') return { collections: [...collections.keys()].map((name) => ({ name })) };
    const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
    if (!m) throw new HttpError(404, `Not found: ${path}`);
    const name = decodeURIComponent(m[1]!);
    const rest = m[2] ?? '';
    switch (`${method} ${rest}`) {
      case 'GET /exists':
        return { exists: collections.has(name) };
      case 'PUT ': {
        if (collections.has(name)) throw new HttpError(409, `Wrong input: Collection \`${name}\` already exists!`);
        const vectors = body['vectors'] as { size?: unknown; distance?: unknown } | undefined;
        if (!vectors || typeof vectors.size !== 'number' || vectors.size < 1) throw new HttpError(400, 'Format error in JSON body: missing field `size`');
        if (!['Cosine', 'Dot', 'Euclid', 'Manhattan'].includes(String(vectors.distance))) throw new HttpError(400, `Format error in JSON body: unknown variant \`${String(vectors.distance)}\``);
        collections.set(name, { size: vectors.size, distance: vectors.distance as Collection['distance'], points: new Map(), indexes: new Map() });
        return true;
      }
      case 'DELETE ':
        return collections.delete(name);
      case 'GET ': {
        const c = need(name);
        return {
          status: 'green',
          optimizer_status: 'ok',
          indexed_vectors_count: 0,
          points_count: c.points.size,
          segments_count: 1,
          config: {
            params: { vectors: { size: c.size, distance: c.distance }, shard_number: 1, replication_factor: 1, write_consistency_factor: 1, on_disk_payload: true },
            hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000, max_indexing_threads: 0, on_disk: false },
            optimizer_config: { deleted_threshold: 0.2, vacuum_min_vector_number: 1000, default_segment_number: 0, max_segment_size: null, memmap_threshold: null, indexing_threshold: 20000, flush_interval_sec: 5, max_optimization_threads: null },
            wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
            quantization_config: null,
          },
          payload_schema: Object.fromEntries([...c.indexes].map(([k, t]) => [k, { data_type: t, points: c.points.size }])),
        };
      }
      case 'PUT /index': {
        const c = need(name);
        const fieldName = body['field_name'];
        const schema = body['field_schema'];
        const type = typeof schema === 'string' ? schema : (schema as { type?: string } | undefined)?.type;
        if (typeof fieldName !== 'string' || typeof type !== 'string') throw new HttpError(400, 'Format error in JSON body: field_name and field_schema are required');
        c.indexes.set(fieldName, type);
        return done();
      }
      case 'PUT /points': {
        const c = need(name);
        const incoming: Array<{ id: unknown; vector: unknown; payload?: unknown }> = Array.isArray(body['points'])
          ? (body['points'] as Array<{ id: unknown; vector: unknown; payload?: unknown }>)
          : (() => {
              const batch = body['batch'] as { ids: unknown[]; vectors: unknown[]; payloads?: unknown[] } | undefined;
              if (!batch) throw new HttpError(400, 'Format error in JSON body: expected points or batch');
              return batch.ids.map((id, i) => ({ id, vector: batch.vectors[i], payload: batch.payloads?.[i] }));
            })();
        // Checked first: a bad point stores none of the request.
        const ready = incoming.map((p) => ({ key: pointKey(p.id), vector: vectorOf(c, p.vector), payload: (p.payload ?? {}) as Payload }));
        for (const p of ready) c.points.set(p.key, { id: outId(p.key), vector: p.vector, payload: structuredClone(p.payload) });
        return done();
      }
      case 'POST /points': {
        const c = need(name);
        const ids = (body['ids'] as unknown[] | undefined) ?? [];
        return ids.map(pointKey).flatMap((k) => (c.points.has(k) ? [view(c.points.get(k)!, body, { payload: true })] : []));
      }
      case 'POST /points/query': {
        const c = need(name);
        let query = body['query'];
        if (query && typeof query === 'object' && !Array.isArray(query) && 'nearest' in query) query = (query as { nearest: unknown }).nearest;
        if (query === undefined) throw new HttpError(400, 'Bad request: this fake answers only nearest-vector queries');
        const q = vectorOf(c, query);
        const limit = typeof body['limit'] === 'number' ? body['limit'] : 10;
        const offset = typeof body['offset'] === 'number' ? body['offset'] : 0;
        const threshold = typeof body['score_threshold'] === 'number' ? body['score_threshold'] : undefined;
        const larger = c.distance === 'Euclid' || c.distance === 'Manhattan' ? -1 : 1;
        const scored = matching(c, filterOf(body))
          .map((p) => ({ p, score: similarity(c, q, p.vector) }))
          .filter((s) => threshold === undefined || larger * s.score >= larger * threshold)
          .sort((a, b) => larger * (b.score - a.score));
        return { points: scored.slice(offset, offset + limit).map((s) => ({ ...view(s.p, body, { payload: false }), version: 0, score: s.score })) };
      }
      case 'POST /points/scroll': {
        const c = need(name);
        const limit = typeof body['limit'] === 'number' ? body['limit'] : 10;
        let points = matching(c, filterOf(body));
        const orderBy = body['order_by'];
        if (orderBy !== undefined && orderBy !== null) {
          const o = typeof orderBy === 'string' ? { key: orderBy, direction: 'asc' } : (orderBy as { key: string; direction?: string });
          if (!RANGE_TYPES.has(c.indexes.get(o.key) ?? '')) {
            throw new HttpError(400, `Bad request: No range index for \`order_by\` key: \`${o.key}\`. Please create one to use \`order_by\`.`);
          }
          if (body['offset'] !== undefined && body['offset'] !== null) throw new HttpError(400, 'Bad request: Cannot use an `offset` when using `order_by`');
          const sign = o.direction === 'desc' ? -1 : 1;
          points = points.filter((p) => typeof getPath(p.payload, o.key) === 'number').sort((a, b) => sign * ((getPath(a.payload, o.key) as number) - (getPath(b.payload, o.key) as number)));
          return { points: points.slice(0, limit).map((p) => view(p, body, { payload: true })), next_page_offset: null };
        }
        points.sort((a, b) => String(a.id).localeCompare(String(b.id)));
        const from = body['offset'] === undefined || body['offset'] === null ? 0 : points.findIndex((p) => String(p.id) >= pointKey(body['offset']));
        const page = from < 0 ? [] : points.slice(from, from + limit);
        const next = from >= 0 ? points[from + limit] : undefined;
        return { points: page.map((p) => view(p, body, { payload: true })), next_page_offset: next ? next.id : null };
      }
      case 'POST /points/count':
        return { count: matching(need(name), filterOf(body)).length };
      case 'POST /points/delete': {
        const c = need(name);
        if (Array.isArray(body['points'])) for (const id of body['points']) c.points.delete(pointKey(id));
        else if (body['filter']) for (const p of matching(c, filterOf(body))) c.points.delete(String(p.id));
        else throw new HttpError(400, 'Format error in JSON body: expected points or filter');
        return done();
      }
      case 'POST /points/payload': {
        const c = need(name);
        const payload = body['payload'] as Payload | undefined;
        if (!payload || typeof payload !== 'object') throw new HttpError(400, 'Format error in JSON body: missing field `payload`');
        const targets = Array.isArray(body['points']) ? body['points'].map(pointKey).flatMap((k) => (c.points.has(k) ? [c.points.get(k)!] : [])) : matching(c, filterOf(body));
        for (const p of targets) Object.assign(p.payload, structuredClone(payload));
        return done();
      }
      default:
        throw new HttpError(404, `Not found: ${method} ${path}`);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const reply = (status: number, body: unknown) => {
      const time = Number(process.hrtime.bigint() - started) / 1e9;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { result: body, status: 'ok', time } : { status: { error: body }, time }));
    };
    void (async () => {
      if (options.apiKey !== undefined && req.headers['api-key'] !== options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return reply(401, 'Must provide an API key or an Authorization bearer token');
      }
      const body = await readJson(req);
      reply(200, await route(req.method ?? 'GET', url.pathname, body));
    })().catch((error: unknown) => {
      if (error instanceof HttpError) return reply(error.status, error.message);
      if (error instanceof FilterError) return reply(400, error.message);
      reply(500, `Service internal error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    collection(name) {
      const c = collections.get(name);
      return c ? { size: c.size, points: c.points.size, indexes: [...c.indexes.keys()] } : undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
