import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeOpenAI, type FakeOpenAI } from './server.js';

// The fake must refuse what the real API refuses, or tests against it prove nothing.
describe('the fake OpenAI-compatible server, through the openai client', () => {
  let fake: FakeOpenAI;
  let client: OpenAI;
  beforeEach(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-fake-key-123456' });
    client = new OpenAI({ baseURL: fake.url, apiKey: 'sk-fake-key-123456', maxRetries: 0 });
  });
  afterEach(() => fake.close());

  const messages = [{ role: 'user' as const, content: 'hi' }];

  it('answers scripted content with usage, and records the request', async () => {
    fake.enqueue(reply.json({ ok: true }));
    const completion = await client.chat.completions.create({ model: 'm', messages });
    expect(completion.choices[0]!.message.content).toBe('{"ok":true}');
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', authorized: true, status: 200 });
    expect(fake.requests[0]!.headers).not.toHaveProperty('authorization');
  });

  it('refuses a wrong key with 401', async () => {
    const wrong = new OpenAI({ baseURL: fake.url, apiKey: 'sk-other', maxRetries: 0 });
    await expect(wrong.chat.completions.create({ model: 'm', messages })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('refuses function names with dots, and strict schemas that leave a property optional or the object open', async () => {
    const tool = (name: string, parameters: Record<string, unknown>) => ({ type: 'function' as const, function: { name, parameters, strict: true } });
    const closed = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    await expect(client.chat.completions.create({ model: 'm', messages, tools: [tool('lights.on', closed)] })).rejects.toThrow(/function\.name.*pattern/);
    await expect(client.chat.completions.create({ model: 'm', messages, tools: [tool('on', { ...closed, required: [] })] })).rejects.toThrow(/Missing 'a'/);
    await expect(
      client.chat.completions.create({
        model: 'm',
        messages,
        response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'], additionalProperties: false } } },
      }),
    ).rejects.toThrow(/'minLength' is not permitted/);
    await expect(
      client.chat.completions.create({ model: 'm', messages, response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { ...closed, additionalProperties: true } } } }),
    ).rejects.toThrow(/additionalProperties/);
  });

  it('makes every tool call be answered before the conversation goes on', async () => {
    fake.enqueue(reply.tools({ name: 'on', arguments: { a: 'x' } }), reply.text('done'));
    const tools = [{ type: 'function' as const, function: { name: 'on', parameters: { type: 'object', properties: { a: { type: 'string' } } } } }];
    const first = await client.chat.completions.create({ model: 'm', messages, tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const assistant = { role: 'assistant' as const, content: null, tool_calls: [call] };
    await expect(client.chat.completions.create({ model: 'm', messages: [...messages, assistant, { role: 'user', content: 'well?' }], tools })).rejects.toThrow(/must be followed by tool messages/);
    await expect(client.chat.completions.create({ model: 'm', messages: [...messages, { role: 'tool', tool_call_id: 'nope', content: 'x' }], tools })).rejects.toThrow(/preceeding message with 'tool_calls'/);
    const second = await client.chat.completions.create({ model: 'm', messages: [...messages, assistant, { role: 'tool', tool_call_id: call.id, content: 'ok' }], tools });
    expect(second.choices[0]!.message.content).toBe('done');
  });

  it('gives the status and headers it was told to, and says when nothing was scripted', async () => {
    fake.enqueue(reply.status(429, { headers: { 'retry-after': '7' } }));
    const error = await client.chat.completions.create({ model: 'm', messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('7');
    await expect(client.chat.completions.create({ model: 'm', messages })).rejects.toThrow(/no reply scripted/);
  });
});
