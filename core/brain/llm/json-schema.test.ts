import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullable, strictSchemaOf, stripNulls, withoutDescriptions } from './json-schema.js';

describe('strict JSON schemas from zod', () => {
  const params = z.object({
    location: z.string().min(1).max(100).describe('An area').meta({ entity: 'area' }),
    percent: z.number().int().min(0).max(100).describe('Brightness'),
    on: z.boolean().optional(),
    tags: z.array(z.string()).optional(),
    mode: z.enum(['warm', 'cold']).optional(),
  });

  it('closes every object, requires every property and makes the optional ones nullable', () => {
    const schema = strictSchemaOf(params, (kind) => (kind === 'area' ? 'Known: kitchen, porch.' : undefined));
    expect(schema).toEqual({
      type: 'object',
      properties: {
        location: { type: 'string', description: 'An area Known: kitchen, porch.' },
        percent: { type: 'integer', description: 'Brightness (a whole number from 0 to 100)' },
        on: { type: ['boolean', 'null'] },
        tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        mode: { anyOf: [{ type: 'string', enum: ['warm', 'cold'] }, { type: 'null' }] },
      },
      required: ['location', 'percent', 'on', 'tags', 'mode'],
      additionalProperties: false,
    });
  });

  it('reads back what a strict model writes: nulls are absent values', () => {
    const written = { location: 'kitchen', percent: 40, on: null, tags: null, mode: null };
    expect(params.safeParse(written).success).toBe(false);
    expect(params.parse(stripNulls(written))).toEqual({ location: 'kitchen', percent: 40 });
  });

  it('makes a union nullable by adding null to it', () => {
    expect(nullable({ anyOf: [{ type: 'string' }] })).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });

  it('drops descriptions but keeps properties named "description"', () => {
    const schema = { type: 'object', description: 'x', properties: { description: { type: 'string', description: 'y' } } };
    expect(withoutDescriptions(schema)).toEqual({ type: 'object', properties: { description: { type: 'string' } } });
  });
});
