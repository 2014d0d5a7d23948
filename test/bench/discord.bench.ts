import { performance } from 'node:perf_hooks';
import { startFakeDiscord } from '../fakes/discord/server.js';
import { startTestAssistant } from '../support/assistant.js';
import { ms, summarize } from './stats.js';

/**
 * The Discord channel over the fake Discord on this machine: from a DM arriving on the
 * gateway to the final reply reaching the REST API, through the real discord.js client; the
 * time to resume after a dropped gateway connection; and how many REST calls a request costs.
 */
export async function benchDiscord(requests: number): Promise<void> {
  const fake = await startFakeDiscord();
  const alice = fake.addUser('Alice');
  const a = await startTestAssistant({ DISCORD_TOKEN: fake.token, DISCORD_ALLOWED_USERS: alice.id, DISCORD_API_URL: fake.apiUrl });
  const done = (id: string) => fake.repliesTo(fake.world.messages.get(id)!).find((m) => m.api.content.startsWith('Done'));
  try {
    const texts = ['turn off the garage light', 'set the office light to 40%', 'turn on the kitchen light and remind me at 7pm to call mum'];
    const samples: number[] = [];
    const callsBefore = fake.restLog.length;
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const request = fake.sendDm(alice, texts[i % texts.length]!);
      await fake.waitFor(() => done(request.api.id), 'the reply', 30_000);
      samples.push(performance.now() - t0);
    }
    const s = summarize(samples);
    console.log(`Discord DM → reply on the REST API, discord.js against the fake Discord, one at a time (${s.n} requests)`);
    console.log(`  median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)}   REST calls per request ${((fake.restLog.length - callsBefore) / requests).toFixed(1)}`);

    const resumes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = fake.gateway.log.filter((r) => r.op === 6).length;
      const t0 = performance.now();
      fake.gateway.drop();
      await fake.waitFor(() => fake.gateway.log.filter((r) => r.op === 6).length > before && fake.gateway.connectedSessions() > 0, 'the resume', 30_000);
      resumes.push(performance.now() - t0);
    }
    const r = summarize(resumes);
    console.log(`gateway dropped → session resumed (${r.n} drops; discord.js waits 500 ms before reconnecting)`);
    console.log(`  median ${ms(r.median)}   max ${ms(r.max)}`);
  } finally {
    await a.dispose();
    await fake.close();
  }
}
