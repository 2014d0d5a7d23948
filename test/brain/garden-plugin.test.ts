import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMethod } from '../../core/plugin/method.js';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { context, plan, planMismatch } from './support.js';

/**
 * A service the brain has never heard of: it becomes reachable by what it declares (phrases,
 * keywords, an entity vocabulary, parameter kinds), with no change to the brain.
 */
function garden(): ServicePlugin {
  const zone = z.string().min(1).describe('A zone of the garden').meta({ entity: 'garden-zone' });
  return {
    kind: 'service',
    name: 'garden',
    description: 'Sprinklers of the garden',
    configured: true,
    entities: [
      {
        kind: 'garden-zone',
        description: 'A zone of the garden',
        values: [
          { value: 'vegetable patch', names: ['vegetable patch', 'veggie patch', 'vegetables'] },
          { value: 'roses', names: ['roses', 'rose bed', 'rose beds'] },
          { value: 'lawn', names: ['lawn', 'grass'] },
        ],
        cues: ['bed', 'patch', 'zone'],
      },
    ],
    methods: {
      water_plants: defineMethod({
        description: 'Water the plants of a zone for some minutes',
        params: z.object({
          zone,
          minutes: z.number().int().min(1).max(120).optional().describe('How long').meta({ entity: 'count' }),
        }),
        hints: { phrases: ['water [the]', 'sprinkle', 'irrigate', '(turn|switch) on the (sprinkler|sprinklers) [for]'], keywords: ['plants', 'garden', 'sprinkler'] },
        async run(args) {
          return { ok: true, summary: `Watered the ${args.zone}.` };
        },
      }),
      garden_report: defineMethod({
        description: 'How dry each zone is',
        params: z.object({}),
        hints: { phrases: ['how dry is', 'garden report', 'does the garden need water'], keywords: ['dry', 'moisture'] },
        flags: { readOnly: true },
        async run() {
          return { ok: true, summary: 'All zones are fine.' };
        },
      }),
    },
  };
}

const ctx = context({ extra: [garden()] });

describe('a plugin the brain has never seen', () => {
  it('is reached through its own phrases and vocabulary', async () => {
    const p = await plan('water the roses', ctx);
    expect(planMismatch([[{ call: 'garden.water_plants', args: { zone: 'roses' } }]], p)).toBeUndefined();
  });

  it('reads synonyms, counts and lists like the built-in plugins', async () => {
    const p = await plan('water the veggie patch and the lawn for 10 minutes', ctx);
    expect(
      planMismatch(
        [[{ call: 'garden.water_plants', args: { zone: 'vegetable patch' } }], [{ call: 'garden.water_plants', args: { zone: 'lawn', minutes: 10 } }]],
        p,
      ),
    ).toBeUndefined();
  });

  it('takes part in compound requests, with dependencies', async () => {
    const p = await plan('irrigate the lawn, then turn off the backyard light and let me know', ctx);
    const all = p.groups.flatMap((g) => g.actions);
    expect(all.map((a) => a.target)).toEqual(['garden.water_plants', 'lights.toggle_lights_in_location', 'console.send_message']);
    expect(all[1]!.dependsOn).toEqual(['a1']);
  });

  it('says when a zone does not exist, naming the ones that do', async () => {
    const p = await plan('water the tulip bed', ctx);
    const action = p.groups[0]!.actions[0]!;
    expect(action.target).toBeNull();
    expect(action.reason).toMatch(/tulip/);
    expect(action.reason).toMatch(/vegetable patch, roses, lawn/);
  });

  it('answers a question with its read-only method', async () => {
    const p = await plan('how dry is the garden?', ctx);
    expect(p.groups[0]!.actions[0]!.target).toBe('garden.garden_report');
  });

  it('leaves the built-in plans alone', async () => {
    const p = await plan('turn on the lights in the kitchen', ctx);
    expect(planMismatch([[{ call: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } }]], p)).toBeUndefined();
  });
});
