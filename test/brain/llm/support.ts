import { Writable } from 'node:stream';
import type { Brain } from '../../../core/brain/brain.js';
import { createLlmBrain, type LlmBrainOptions } from '../../../core/brain/llm/llm-brain.js';
import { createModelClient, type ModelClient, type ModelClientOptions } from '../../../core/brain/llm/model-client.js';
import { createLogger, type Logger } from '../../../core/util/logger.js';
import type { FakeOpenAI } from '../../fakes/openai/server.js';

export const TEST_KEY = 'sk-test-0123456789abcdefSECRET';

/** A logger at the most talkative level whose every line is kept, to look for what must not be there. */
export function capturingLogger(): { logger: Logger; text(): string } {
  let written = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination: sink }), text: () => written };
}

export function clientFor(fake: FakeOpenAI, options: Partial<ModelClientOptions> = {}): ModelClient {
  return createModelClient({
    baseURL: fake.url,
    apiKey: TEST_KEY,
    model: 'fake-model',
    timeoutMs: 2_000,
    retries: 2,
    retryBaseMs: 5,
    temperature: 0,
    logger: options.logger ?? capturingLogger().logger,
    ...options,
  });
}

export function llmBrainFor(fake: FakeOpenAI, options: Partial<ModelClientOptions> = {}, brain: Partial<LlmBrainOptions> = {}): Brain {
  const client = clientFor(fake, options);
  return createLlmBrain({ client, logger: options.logger ?? capturingLogger().logger, ...brain });
}
