import { describe, expect, it } from 'vitest';
import { askedOf, askedWhOf, saidAs, saidTo, sharedWith } from './said.js';

describe('askedOf', () => {
  it.each([
    ['she wants pizza', 'Do you want pizza?'],
    ['he can pick up the kids', 'Can you pick up the kids?'],
    ["she's coming to dinner", 'Are you coming to dinner?'],
    ["he's seen my keys", 'Have you seen my keys?'],
    ['he has time', 'Do you have time?'],
    ['she wants her coffee', 'Do you want your coffee?'],
    ['he needs help with his car', 'Do you need help with your car?'],
    ['they want pizza', 'Do you want pizza?'],
    ['they finished their homework', 'You finished your homework?'],
    ['she goes to the gym', 'Do you go to the gym?'],
    ['she was home', 'Were you home?'],
    ['the package came', 'The package came?'],
  ])('"if %s" is asked as "%s"', (clause, question) => {
    expect(askedOf(clause)).toBe(question);
  });
});

describe('askedWhOf', () => {
  it.each([
    ['when', "he's coming home", 'When are you coming home?'],
    ['when', 'he will be home', 'When will you be home?'],
    ['where', 'she left the keys', 'Where did you leave the keys?'],
    ['how', 'he is doing', 'How are you doing?'],
    ['why', 'they want pizza', 'Why do you want pizza?'],
    // About something else: put in the order a question is asked in.
    ['what time', 'the party starts', 'What time does the party start?'],
    ['where', 'the keys are', 'Where are the keys?'],
    ['why', "the car won't start", "Why won't the car start?"],
    ['where', 'the dog went', 'Where did the dog go?'],
    ['how much', 'the tickets cost', 'How much do the tickets cost?'],
    ['what time', "the kids' classes start", "What time do the kids' classes start?"],
    ['where', "the dog's bowl is", "Where is the dog's bowl?"],
    ['what time', 'it starts', 'What time does it start?'],
    ['when', 'we are meeting', 'When are we meeting?'],
    // Where the words are not plainly a thing and what it does, they are asked as they are.
    ['who', 'is coming', 'Who is coming?'],
    ['which', 'train bob takes', 'Which train bob takes?'],
  ])('"%s %s" is asked as "%s"', (word, clause, question) => {
    expect(askedWhOf(word, clause)).toBe(question);
  });
});

describe('saidTo', () => {
  it('reads "say X to Y" as X said to Y', () => {
    expect(saidTo({ to: 'goodnight', text: 'the kids' }, 'say goodnight to the kids')).toEqual({ to: 'the kids', text: 'goodnight' });
    expect(saidTo({}, 'say hi to Steve in the game')).toEqual({ to: 'Steve', text: 'hi' });
  });

  it('leaves other wordings, and words said to the requester, as they were', () => {
    expect(saidTo({ text: 'hi' }, 'say hi')).toEqual({ text: 'hi' });
    expect(saidTo({ text: 'hi to me' }, 'say hi to me')).toEqual({ text: 'hi to me' });
  });
});

describe('sharedWith', () => {
  it('reads "share X with Y" as X sent to Y, and "it" as what it stands for, sent to Y', () => {
    expect(sharedWith({ to: 'list', text: 'bob' }, 'share the packing list with bob')).toEqual({ to: 'bob', text: 'the packing list' });
    expect(sharedWith({}, 'share it with my wife')).toEqual({ to: 'my wife' });
    expect(sharedWith({ text: 'x' }, 'share it with me')).toEqual({ text: 'x' });
  });
});

describe('saidAs', () => {
  it('says a thanks or a wish in its own words, only where what was read is what the request names', () => {
    expect(saidAs({ to: 'alice', text: 'dinner' }, 'thank alice for dinner')).toEqual({ to: 'alice', text: 'Thank you for dinner!' });
    expect(saidAs({ to: 'bob', text: 'happy birthday' }, 'wish bob a happy birthday')).toEqual({ to: 'bob', text: 'Happy birthday!' });
    expect(saidAs({ to: 'bob', text: 'see you' }, 'thank bob for dinner')).toEqual({ to: 'bob', text: 'see you' });
  });
});
