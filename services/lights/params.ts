import { z } from 'zod';

const location = z.string().min(1).max(100).describe('An area of the home, e.g. "garage" or "living room"').meta({ entity: 'area' });

export const toggleParams = z.object({
  location,
  desired_state: z.boolean().optional().describe('true to turn on, false to turn off; omitted toggles').meta({ entity: 'on-off' }),
});

export const brightnessParams = z.object({
  location,
  percent: z.number().int().min(0).max(100).describe('Brightness from 0 (off) to 100 (full)').meta({ entity: 'percent' }),
});

export const adjustParams = z.object({
  location,
  direction: z.enum(['up', 'down']).describe('"up" for brighter, "down" for dimmer'),
  by: z.number().int().min(1).max(100).optional().describe('How many percentage points; omitted = 25').meta({ entity: 'percent' }),
});

export const listParams = z.object({
  location: location.optional(),
});

export const colourParams = z.object({
  location,
  colour: z.string().min(1).max(40).describe('A colour by name: red, orange, yellow, green, cyan, blue, purple, pink, or a white: warm white, white, cool white').meta({ entity: 'light-colour' }),
  percent: z.number().int().min(1).max(100).optional().describe('A brightness to set with it, 1 to 100; omitted = the brightness it had').meta({ entity: 'percent' }),
});

export const restoreParams = z.object({
  location,
});

export const checkParams = z.object({
  location,
  on: z.boolean().describe('true: whether the light is on; false: whether it is off').meta({ entity: 'on-off' }),
});
