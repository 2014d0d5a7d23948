/**
 * Qdrant's payload filter, as the server evaluates it: `must`, `should`, `must_not` and
 * `min_should` over field conditions (`match` value/any/except, `range`), `has_id`,
 * `is_empty`, `is_null` and nested filters. A key is a dotted path; a condition on an array
 * holds when it holds for one of its elements.
 */

export type Payload = Record<string, unknown>;

export class FilterError extends Error {}

interface FieldCondition {
  key: string;
  match?: { value?: unknown; any?: unknown[]; except?: unknown[]; text?: string };
  range?: { gt?: number | null; gte?: number | null; lt?: number | null; lte?: number | null };
}

export interface Filter {
  must?: Condition | Condition[] | null;
  should?: Condition | Condition[] | null;
  must_not?: Condition | Condition[] | null;
  min_should?: { conditions: Condition[]; min_count: number } | null;
}

type Condition = FieldCondition | Filter | { has_id: Array<string | number> } | { is_empty: { key: string } } | { is_null: { key: string } };

function values(payload: Payload, key: string): unknown[] {
  let current: unknown[] = [payload];
  for (const part of key.split('.')) {
    const next: unknown[] = [];
    for (const v of current) {
      if (Array.isArray(v)) {
        for (const e of v) if (e && typeof e === 'object') next.push((e as Payload)[part]);
      } else if (v && typeof v === 'object') next.push((v as Payload)[part]);
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined);
}

function list(c: Condition | Condition[] | null | undefined): Condition[] {
  if (c === undefined || c === null) return [];
  return Array.isArray(c) ? c : [c];
}

function field(c: FieldCondition, payload: Payload): boolean {
  const vs = values(payload, c.key);
  if (c.match) {
    const m = c.match;
    if ('value' in m) return vs.some((v) => v === m.value);
    if (m.any) return vs.some((v) => m.any!.includes(v));
    if (m.except) return vs.length > 0 && vs.every((v) => !m.except!.includes(v));
    if (m.text !== undefined) return vs.some((v) => typeof v === 'string' && v.includes(m.text!));
    throw new FilterError('Format error in JSON body: unknown match');
  }
  if (c.range) {
    const r = c.range;
    return vs.some(
      (v) =>
        typeof v === 'number' &&
        (r.gt == null || v > r.gt) &&
        (r.gte == null || v >= r.gte) &&
        (r.lt == null || v < r.lt) &&
        (r.lte == null || v <= r.lte),
    );
  }
  throw new FilterError(`Format error in JSON body: condition on "${c.key}" has neither match nor range`);
}

function condition(c: Condition, id: string | number, payload: Payload): boolean {
  if ('key' in c) return field(c, payload);
  if ('has_id' in c) return c.has_id.some((x) => String(x) === String(id));
  if ('is_empty' in c) return values(payload, c.is_empty.key).filter((v) => v !== null).length === 0;
  if ('is_null' in c) return values(payload, c.is_null.key).some((v) => v === null);
  if ('must' in c || 'should' in c || 'must_not' in c || 'min_should' in c) return evaluate(c, id, payload);
  throw new FilterError('Format error in JSON body: unknown condition');
}

/** Whether a point passes a filter; no filter passes everything. */
export function evaluate(filter: Filter | null | undefined, id: string | number, payload: Payload): boolean {
  if (!filter) return true;
  if (!list(filter.must).every((c) => condition(c, id, payload))) return false;
  const should = list(filter.should);
  if (should.length > 0 && !should.some((c) => condition(c, id, payload))) return false;
  if (list(filter.must_not).some((c) => condition(c, id, payload))) return false;
  if (filter.min_should) {
    const n = filter.min_should.conditions.filter((c) => condition(c, id, payload)).length;
    if (n < filter.min_should.min_count) return false;
  }
  return true;
}
