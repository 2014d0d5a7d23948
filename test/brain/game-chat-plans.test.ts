import { describe, expect, it } from 'vitest';
import { context, plan } from './support.js';

/** Requests said in the game's chat that tell a player something: said there, not mailed. */
describe('plans that tell someone something, said in the game', () => {
  const only = async (text: string, channel = 'minecraft') => {
    const p = await plan(text, context({ channel }));
    expect(p.groups).toHaveLength(1);
    expect(p.groups[0]!.actions).toHaveLength(1);
    return p.groups[0]!.actions[0]!;
  };

  it('says it in the game to the player named', async () => {
    expect(await only('tell steve hello')).toMatchObject({ target: 'minecraft.send_message', args: { to: 'steve', text: 'hello' } });
    expect(await only('say hi to alex')).toMatchObject({ target: 'minecraft.send_message', args: { to: 'alex', text: 'hi' } });
  });

  it('says it to all of the game\'s chat when it is for everyone (it was mailed to someone called "everyone")', async () => {
    expect(await only('say hello to everyone')).toEqual(expect.objectContaining({ target: 'minecraft.send_message', args: { text: 'hello' } }));
    expect(await only('tell everybody dinner is ready')).toEqual(expect.objectContaining({ target: 'minecraft.send_message', args: { text: 'dinner is ready' } }));
    // A way named keeps it.
    expect(await only('email everyone that dinner is ready')).toMatchObject({ target: 'email.send_message', args: { to: 'everyone' } });
  });

  it('keeps the way that was named, the requester, and what is said elsewhere', async () => {
    expect(await only('email bob that I am in the game')).toMatchObject({ target: 'email.send_message', args: { to: 'bob' } });
    expect(await only('tell bob on discord that I am in the game')).toMatchObject({ target: 'discord.send_message' });
    expect(await only('tell me when it is noon')).not.toMatchObject({ target: 'email.send_message' });
    // Said on another channel: the game's players are no one's to reach there.
    expect(await only('tell steve hello', 'console')).toMatchObject({ target: 'email.send_message', args: { to: 'steve' } });
    // Someone who is no player name ("my wife") is mailed as before.
    expect(await only('tell my wife I will be late')).toMatchObject({ target: 'email.send_message' });
  });
});

/** A wish said in the game's chat is asked of the game's bot; said anywhere else, it is no game's. */
describe('plans of a wish, said in the game', () => {
  const targets = async (text: string, channel: string) => (await plan(text, context({ channel }))).groups.flatMap((g) => g.actions.map((a) => ({ target: a.target, args: a.args })));

  it('gets what a player says they need (it matched nothing)', async () => {
    expect(await targets('I need a stone sword', 'minecraft')).toEqual([{ target: 'minecraft.obtain_item', args: { item: 'stone_sword', count: 1 } }]);
    expect(await targets('can I have a stone pickaxe', 'minecraft')).toEqual([{ target: 'minecraft.obtain_item', args: { item: 'stone_pickaxe', count: 1 } }]);
  });

  it('is no game\'s said anywhere else, and something to do is no thing to get', async () => {
    expect(await targets('I need a stone sword', 'console')).toEqual([{ target: null, args: {} }]);
    expect(await targets('I need eggs', 'discord')).toEqual([{ target: null, args: {} }]);
    expect(await targets('I need to call mom', 'minecraft')).toEqual([{ target: null, args: {} }]);
    // What runs out at home is still the shopping list's, in the game too.
    expect(await targets('I need more eggs', 'minecraft')).toEqual([{ target: 'documents.add_to_list', args: { items: 'eggs' } }]);
  });
});

/** Day and night, asked in the game's chat, are the game's: its bot says them with its status. */
describe('plans of the game\'s time of day', () => {
  const targets = async (text: string, channel: string) => (await plan(text, context({ channel }))).groups.flatMap((g) => g.actions.map((a) => a.target));

  it('asks the bot, in the game or when the game is named (nothing matched, or it looked for a time zone called "game")', async () => {
    expect(await targets('is it night yet', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets('is it dark outside', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets('what time is it in the game', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets("what's the time in minecraft", 'console')).toEqual(['minecraft.status']);
  });

  it('keeps the clock time the home\'s, and day and night no game\'s elsewhere', async () => {
    expect(await targets('what time is it', 'minecraft')).toEqual(['calendar.now']);
    expect(await targets('is it night yet', 'console')).toEqual([null]);
  });

  it('asks the bot what is around it, in the game (nothing matched); elsewhere no one is asked', async () => {
    expect(await targets('what can you see', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets('is anyone nearby', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets('are any mobs nearby', 'minecraft')).toEqual(['minecraft.status']);
    expect(await targets('is anyone nearby', 'console')).toEqual([null]);
  });
});
