import { describe, expect, it } from 'vitest';
import { brainSection, createBrain, type BrainEnv } from '../../../apps/majordomo/brains.js';
import { envSections } from '../../../apps/majordomo/plugins.js';
import { describeEnv, loadConfig } from '../../../core/config/load.js';
import { ConfigError } from '../../../core/errors.js';
import { homePlace } from '../../../core/config/schema.js';
import { context, plan } from '../support.js';

const load = (env: Record<string, string>) => loadConfig(env, envSections());

function configError(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('choosing the brain', () => {
  it('is the rule brain unless the configuration says otherwise, even with a key in the environment', () => {
    expect(createBrain(load({})).name).toBe('rule');
    expect(createBrain(load({ OPENAI_API_KEY: 'sk-elsewhere' })).name).toBe('rule');
  });

  it('builds the llm and rule-first brains', () => {
    const local = { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', MAJORDOMO_LLM_MODEL: 'qwen2.5:7b-instruct' };
    expect(createBrain(load({ ...local, MAJORDOMO_BRAIN: 'llm' })).name).toBe('llm');
    expect(createBrain(load({ ...local, MAJORDOMO_BRAIN: 'rule-first' })).name).toBe('rule-first');
  });

  it('stops start-up naming the variable that is missing or wrong', () => {
    expect(configError({ MAJORDOMO_BRAIN: 'llm', OPENAI_BASE_URL: 'http://localhost:8000/v1' }).variables).toEqual(['MAJORDOMO_LLM_MODEL']);
    expect(configError({ MAJORDOMO_BRAIN: 'rule-first', MAJORDOMO_LLM_MODEL: 'gpt-4o-mini' }).variables).toEqual(['OPENAI_API_KEY']);
    expect(configError({ MAJORDOMO_BRAIN: 'gpt' }).message).toMatch(/MAJORDOMO_BRAIN: expected one of rule, llm, rule-first/);
    expect(configError({ OPENAI_BASE_URL: 'ftp://models' }).variables).toEqual(['OPENAI_BASE_URL']);
    expect(configError({ MAJORDOMO_LLM_TEMPERATURE: '3' }).variables).toEqual(['MAJORDOMO_LLM_TEMPERATURE']);
  });

  it('reads where the home is, both or neither of its coordinates, within the globe; the rule brain then reads the sun\'s times there', async () => {
    expect(homePlace(load({ MAJORDOMO_LATITUDE: '51.5', MAJORDOMO_LONGITUDE: '-0.12' }).core)).toEqual({ latitude: 51.5, longitude: -0.12 });
    expect(homePlace(load({}).core)).toBeUndefined();
    expect(configError({ MAJORDOMO_LATITUDE: '51.5' }).variables).toEqual(['MAJORDOMO_LONGITUDE']);
    expect(configError({ MAJORDOMO_LATITUDE: '95', MAJORDOMO_LONGITUDE: '0' }).variables).toEqual(['MAJORDOMO_LATITUDE']);
    expect(configError({ MAJORDOMO_LATITUDE: 'north', MAJORDOMO_LONGITUDE: '0' }).message).toMatch(/MAJORDOMO_LATITUDE: expected a number from -90 to 90, got "north"/);
    const placed = await plan('turn on the porch light at sunset', context(), createBrain(load({ MAJORDOMO_LATITUDE: '51.5', MAJORDOMO_LONGITUDE: '-0.12' })));
    expect(placed.groups[0]!.actions[0]).toMatchObject({ target: 'calendar.schedule_request' });
    const unplaced = await plan('turn on the porch light at sunset', context(), createBrain(load({})));
    expect(unplaced.groups[0]!.actions[0]!.target).toBeNull();
  });

  it('reads the temperature, or leaves it to the server', () => {
    expect((load({ MAJORDOMO_LLM_TEMPERATURE: 'server' }).sections['brain'] as BrainEnv).MAJORDOMO_LLM_TEMPERATURE).toBeUndefined();
    expect((load({}).sections['brain'] as BrainEnv).MAJORDOMO_LLM_TEMPERATURE).toBe(0);
  });

  it('documents the key as a secret', () => {
    const rows = describeEnv([brainSection]);
    expect(rows.find((r) => r.variable === 'OPENAI_API_KEY')?.secret).toBe(true);
    expect(rows.find((r) => r.variable === 'MAJORDOMO_BRAIN')?.default).toBe('rule');
  });
});
