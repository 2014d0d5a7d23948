import { z } from 'zod';
import { isoInstant } from '../../core/plugin/params.js';

export const reminderParams = z.object({
  text: z.string().min(1).max(500).describe('What to remind about, e.g. "take out the trash"').meta({ entity: 'text' }),
  at: isoInstant('When to remind, ISO-8601 with offset'),
});

export const eventParams = z.object({
  title: z.string().min(1).max(200).describe('What the event is, e.g. "meeting with the plumber"').meta({ entity: 'text' }),
  start: isoInstant('When it starts, ISO-8601 with offset'),
  end: isoInstant('When it ends, ISO-8601 with offset; omitted = one hour after the start', 'datetime-end').optional(),
});

export const listEventsParams = z.object({
  from: isoInstant('Start of the period, ISO-8601 with offset', 'period-start'),
  to: isoInstant('End of the period, ISO-8601 with offset', 'period-end'),
});
