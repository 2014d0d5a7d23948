import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoInstant } from '../../plugin/params.js';
import { readParams } from './params.js';

describe('readParams', () => {
  it('reads entity kinds through optional wrappers, whichever side the meta is on', () => {
    const schema = z.object({
      location: z.string().describe('An area').meta({ entity: 'area' }),
      desired_state: z.boolean().optional().describe('on or off').meta({ entity: 'on-off' }),
      end: isoInstant('When it ends', 'datetime-end').optional(),
      subject: z.string().optional(),
      count: z.number().int().default(1).meta({ entity: 'count' }),
    });
    expect(readParams(schema).map((p) => [p.name, p.kind, p.required, p.type])).toEqual([
      ['location', 'area', true, 'string'],
      ['desired_state', 'on-off', false, 'boolean'],
      ['end', 'datetime-end', false, 'string'],
      ['subject', undefined, false, 'string'],
      ['count', 'count', false, 'number'],
    ]);
  });

  it('reads which other arguments spare one (an event\'s start, unless it says how often), keeping its kind and description', () => {
    const schema = z.object({
      start: isoInstant('When it starts').optional().meta({ unless: ['every'] }),
      every: z.string().optional().meta({ entity: 'recurrence' }),
    });
    const [start, every] = readParams(schema);
    expect(start).toMatchObject({ name: 'start', kind: 'datetime', required: false, unless: ['every'], description: 'When it starts' });
    expect(every).not.toHaveProperty('unless');
  });
});
