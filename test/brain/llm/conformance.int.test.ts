import { afterAll, beforeAll } from 'vitest';
import { brainConformance } from '../../../core/brain/conformance.js';
import { createLlmBrain } from '../../../core/brain/llm/llm-brain.js';
import { createRuleFirstBrain } from '../../../core/brain/llm/rule-first.js';
import { createRuleBrain } from '../../../core/brain/rule/rule-brain.js';
import { silentLogger } from '../../../core/util/logger.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.js';
import { builtinCatalog } from '../support.js';
import { CONFORMANCE_SCRIPT } from './conformance-script.js';
import { scriptedModel } from './scripted-model.js';
import { clientFor, llmBrainFor, TEST_KEY } from './support.js';

// The suite the rule brain passes, against the LLM brain on a model behind a real HTTP endpoint.
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: TEST_KEY, responder: scriptedModel(CONFORMANCE_SCRIPT) });
});
afterAll(() => fake.close());

brainConformance('LLM brain on an OpenAI-compatible endpoint', () => llmBrainFor(fake));
brainConformance('LLM brain with the built-in plugins', () => llmBrainFor(fake), { catalog: () => builtinCatalog() });
brainConformance('rule-first brain', () =>
  createRuleFirstBrain({
    rule: createRuleBrain(),
    model: createLlmBrain({ client: clientFor(fake), logger: silentLogger, unreachable: 'throw' }),
    minConfidence: 0.8,
    logger: silentLogger,
  }),
);
