import { describe, expect, it } from 'vitest';
import type { HouseholdList } from '../../services/documents/index.js';
import { sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';

describe('household lists', () => {
  const cleanup = cleanupAfterEach();

  async function assistant(env: Record<string, string> = {}) {
    const a = await startTestAssistant(env);
    cleanup(() => a.dispose());
    const say = sayer(a);
    const items = async (key: string) => (await a.store.pluginState('documents').get<HouseholdList>(`list:${key}`))?.items.map((i) => i.text);
    return { a, say, items };
  }

  it('take more of the same with a follow-up, and what is running out: "and eggs too", "I\'m almost out of dish soap"', async () => {
    const { say, items } = await assistant();
    await say('add milk to the shopping list', 'done');
    await say('and eggs too', 'done');
    await say('same for bread', 'done');
    await say("I'm almost out of dish soap", 'done');
    expect(await items('shopping')).toEqual(['milk', 'eggs', 'bread', 'dish soap']);
    await say('take the milk off the shopping list', 'done');
    await say('and the bread as well', 'done');
    expect(await items('shopping')).toEqual(['eggs', 'dish soap']);
  });

  it('take what is said onto them and off them, and read them back', async () => {
    const { a, say, items } = await assistant();
    await say('add milk, eggs and bread to the shopping list', 'done');
    await a.waitForOutput(/✓ Added milk, eggs and bread to the shopping list \(3 items on it now\)\./);
    await say("we're out of coffee", 'done');
    await say('put a hammer on the hardware store list', 'done');
    expect(await items('shopping')).toEqual(['milk', 'eggs', 'bread', 'coffee']);
    expect(await items('hardware store')).toEqual(['hammer']);

    await say('take the eggs off my grocery list', 'done');
    await a.waitForOutput(/✓ Took eggs off the shopping list \(3 items left\)\./);
    await say("what's on the shopping list?", 'done');
    await a.waitForOutput(/✓ On the shopping list \(3 items\): milk, bread and coffee\./);
    await say('what lists do we have', 'done');
    await a.waitForOutput(/✓ Lists: hardware store \(1 item\) and shopping \(3 items\)\./);

    // Asked about, nothing changes.
    await say('is milk on the shopping list?', 'done');
    await a.waitForOutput(/✓ Yes: "milk" is on the shopping list\./);
    await say('do we need eggs?', 'done');
    await a.waitForOutput(/✓ No, "eggs" is not on any list\./);
    expect(await items('shopping')).toEqual(['milk', 'bread', 'coffee']);
  });

  it('are cleared only after a yes', async () => {
    const { a, say, items } = await assistant();
    await say('add milk and eggs to the shopping list', 'done');
    const clear = await say('clear the shopping list');
    await a.waitForOutput(/\? Shall I "clear the shopping list"/);
    expect(await items('shopping')).toEqual(['milk', 'eggs']);
    await a.type('yes');
    expect(await a.finished(clear)).toBe('done');
    await a.waitForOutput(/✓ Cleared the shopping list: milk and eggs\./);
    expect(await items('shopping')).toEqual([]);
  });

  it('are looked up for a message that names one: "email me the shopping list" mails what is on it', async () => {
    const smtp = await startSmtpReceiver();
    cleanup(smtp.close);
    const { say } = await assistant({ SMTP_URL: smtp.url, MAJORDOMO_OWNER_EMAIL: 'owner@example.org', EMAIL_FROM: 'Majordomo <majordomo@example.org>' });
    await say('add oat milk and sourdough bread to the shopping list', 'done');
    await say('email me the shopping list', 'done');
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['owner@example.org']);
    expect(smtp.mails[0]!.parsed.text).toMatch(/On the shopping list \(2 items\): oat milk and sourdough bread\./);

    // Two lists named: both looked up, one mail telling both.
    await say('add sunscreen to the packing list', 'done');
    await say('email me the shopping list and the packing list', 'done');
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1]!.parsed.text).toMatch(/On the shopping list \(2 items\): oat milk and sourdough bread\.\s+On the packing list \(1 item\): sunscreen\./);
  });

  it('are looked up once for a message to several people, and each is mailed what is on it, after a yes', async () => {
    const smtp = await startSmtpReceiver();
    cleanup(smtp.close);
    const { a, say } = await assistant({ SMTP_URL: smtp.url, MAJORDOMO_OWNER_EMAIL: 'owner@example.org', EMAIL_FROM: 'Majordomo <majordomo@example.org>' });
    await say('add lemons to the shopping list', 'done');
    const id = await say('email the shopping list to bob@example.com and carol@example.com');
    // Mail to others is asked about first, once for each.
    for (const who of ['bob@example.com', 'carol@example.com']) {
      await a.waitForOutput(new RegExp(`\\? Shall I .*${who.replace('.', '\\.')}`));
      await a.type('yes');
    }
    expect(await a.finished(id)).toBe('done');
    const plan = (await a.engine.api.request(id))!.request.plan;
    expect(plan.groups.flatMap((g) => g.actions.map((x) => x.decision.kind === 'call' && x.decision.target))).toEqual(['documents.read_list', 'email.send_message', 'email.send_message']);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual([['bob@example.com'], ['carol@example.com']]);
    for (const mail of smtp.mails) expect(mail.parsed.text).toMatch(/On the shopping list \(1 item\): lemons\./);
  });
});
