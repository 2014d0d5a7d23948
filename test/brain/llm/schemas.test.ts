import { describe, expect, it } from 'vitest';
import { modelMethods, toolName } from '../../../core/brain/llm/methods.js';
import { checkStrictSchema } from '../../fakes/openai/validate.js';
import { builtinCatalog } from '../support.js';

// What the brain sends must be what strict structured outputs and strict function calling accept.
describe('the methods as a model sees them', () => {
  const methods = modelMethods(builtinCatalog(), 'console');

  it('has a strict schema for every method, and a function name the API takes', () => {
    for (const m of methods.list) {
      expect(() => checkStrictSchema(m.schema, m.target)).not.toThrow();
      expect(m.tool).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(methods.byTool(m.tool)).toBe(m);
    }
    expect(toolName('lights.set_brightness')).toBe('lights__set_brightness');
  });

  it('offers "primary" for the requester\'s own channel, and every catalog method', () => {
    expect(methods.get('primary.send_message')?.description).toMatch(/\(console\)/);
    for (const e of builtinCatalog().entries) expect(methods.get(e.target)).toBeDefined();
  });

  it('lists the known areas once, and methods with the same arguments share their description', () => {
    expect(methods.prompt.match(/garage, kitchen/g)).toHaveLength(1);
    expect(methods.prompt).toMatch(/- email\.send_message: .*Arguments as primary\.send_message\./);
    expect(methods.prompt).toMatch(/- minecraft\.stop: Stop what the bot is doing\. No arguments\./);
  });
});
