import { describe, expect, it } from 'vitest';
import { stripReply } from './quotes.js';

const crlf = (s: string) => s.replace(/\n/g, '\r\n');

describe('stripReply', () => {
  it('keeps a plain message as it is', () => {
    expect(stripReply('turn off the garage light\nand the porch light')).toBe('turn off the garage light\nand the porch light');
  });

  it('cuts a Gmail attribution wrapped over two lines and the quote under it', () => {
    const body = crlf(`the kitchen one

On Sat, Nov 21, 2026 at 10:00 AM Majordomo <majordomo+abc@example.org>
wrote:

> I don't know how to "turn on the attic light".
> What should I do instead?
`);
    expect(stripReply(body)).toBe('the kitchen one');
  });

  it('reads what mailparser makes of a Gmail HTML reply, closing included', () => {
    const body = `the kitchen one\nthanks\n\nOn Sat, Nov 21, 2026 at 10:00 AM Majordomo <majordomo@example.org\n[majordomo@example.org]> wrote:\n\n\n> I don't know how to turn on the attic light.\n> What should I do instead?`;
    expect(stripReply(body)).toBe('the kitchen one');
  });

  it('drops an iPhone footer and a quoted attribution', () => {
    const body = `the kitchen one\n\nSent from my iPhone\n\n> On 21 Nov 2026, at 10:00, Majordomo <majordomo@example.org> wrote:\n> \n> What should I do instead?\n`;
    expect(stripReply(body)).toBe('the kitchen one');
  });

  it("cuts Outlook's rule and header block", () => {
    const body = `yes please

________________________________
From: Majordomo <majordomo@example.org>
Sent: Saturday, November 21, 2026 10:00 AM
To: Owner <owner@example.org>
Subject: Re: turn on the attic light

What should I do instead?`;
    expect(stripReply(body)).toBe('yes please');
  });

  it('cuts a bold header block that Gmail made of an Outlook quote', () => {
    const body = `skip it\n\n*From:* Majordomo <majordomo@example.org>\n*Sent:* Saturday, November 21, 2026 10:00 AM\n*To:* Owner\n*Subject:* question\n\nWhat should I do?`;
    expect(stripReply(body)).toBe('skip it');
  });

  it('cuts at an "Original Message" separator, in several languages', () => {
    expect(stripReply('no\n\n-----Original Message-----\nFrom: x\nWhat now?')).toBe('no');
    expect(stripReply('nein\n\n-----Ursprüngliche Nachricht-----\nVon: x')).toBe('nein');
    expect(stripReply('do it\n---------- Forwarded message ---------\nFrom: Sam')).toBe('do it');
  });

  it('cuts French, German and Spanish attributions', () => {
    expect(stripReply('la cuisine\n\nLe sam. 21 nov. 2026 à 10:00, Majordomo <majordomo@example.org> a écrit :\n> Quoi ?')).toBe('la cuisine');
    expect(stripReply('die Küche\n\nAm Sa., 21. Nov. 2026 um 10:00 Uhr schrieb Majordomo <\nmajordomo@example.org>:\n> Was?')).toBe('die Küche');
    expect(stripReply('la cocina\n\nEl sáb, 21 nov 2026 a las 10:00, Majordomo (<majordomo@example.org>) escribió:\n> ¿Qué?')).toBe('la cocina');
  });

  it('cuts a Thunderbird attribution without a date', () => {
    expect(stripReply('the porch\n\nMajordomo <majordomo@example.org> wrote:\n> Which one?')).toBe('the porch');
    expect(stripReply('the porch\n\nOn 11/21/26 10:00 AM, Majordomo wrote:\n> Which one?')).toBe('the porch');
  });

  it('keeps an answer written under the quote (bottom-posting)', () => {
    const body = `On Sat, Nov 21, 2026 at 10:00 AM Majordomo <majordomo@example.org> wrote:\n> What should I do instead?\n\nthe kitchen one\n`;
    expect(stripReply(body)).toBe('the kitchen one');
  });

  it('keeps answers written between quotes (inline replies)', () => {
    const body = `> Which light?\nthe kitchen one\n> And how bright?\nhalf\n`;
    expect(stripReply(body)).toBe('the kitchen one\nhalf');
  });

  it('cuts a signature after "-- "', () => {
    expect(stripReply('turn on the porch light\n\n-- \nSam Jones\n+1 555 0100')).toBe('turn on the porch light');
    expect(stripReply('turn on the porch light\n--\nSam')).toBe('turn on the porch light');
  });

  it('drops mobile footers', () => {
    expect(stripReply('yes\n\nSent from my Samsung Galaxy smartphone.')).toBe('yes');
    expect(stripReply('yes\n\nGet Outlook for iOS<https://aka.ms/o0ukef>')).toBe('yes');
    expect(stripReply('oui\n\nEnvoyé de mon iPhone')).toBe('oui');
    expect(stripReply('ja\nVon meinem iPhone gesendet')).toBe('ja');
    expect(stripReply('yes\n\nSent with Proton Mail secure email.')).toBe('yes');
    expect(stripReply('yes\n\nSent from Mail for Windows')).toBe('yes');
  });

  it('drops a closing and a name, but not a closing that is all there is', () => {
    expect(stripReply('the kitchen one\n\nThanks,\nSam')).toBe('the kitchen one');
    expect(stripReply('the kitchen one\n\nCheers!')).toBe('the kitchen one');
    expect(stripReply('Thanks')).toBe('Thanks');
    expect(stripReply('yes, thanks')).toBe('yes, thanks');
  });

  it('does not mistake a request for a quote', () => {
    expect(stripReply('On Monday at 9, turn on the office light')).toBe('On Monday at 9, turn on the office light');
    expect(stripReply('From: the kitchen\nTo: the porch\nmove the lamp')).toBe('From: the kitchen\nTo: the porch\nmove the lamp');
    expect(stripReply('remind me that Sam wrote: call him back')).toBe('remind me that Sam wrote: call him back');
  });

  it('gives nothing when there is only the quote', () => {
    expect(stripReply('\n\nOn Sat, Nov 21, 2026, Majordomo wrote:\n> What should I do?\n')).toBe('');
    expect(stripReply('> only a quote')).toBe('');
  });

  it('handles long lines and odd spacing without hanging', () => {
    const long = `${'a'.repeat(100_000)}\n${'On '.repeat(10_000)}`;
    expect(stripReply(long).length).toBeGreaterThan(99_999);
    expect(stripReply('yes\u00a0please\r\n\r\n\r\n\r\n-- \r\nme')).toBe('yes please');
  });
});

describe('stripReply on any text', () => {
  it('never throws, and keeps only lines that were written', async () => {
    const fc = await import('fast-check');
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('> quoted', 'On Mon, Sam wrote:', '-- ', 'Sent from my iPhone', 'Thanks,', 'From: x', 'Sent: y', 'To: z', '________________', ''),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const input = lines.join('\n');
        const out = stripReply(input);
        const written = new Set(input.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').split('\n').map((l) => l.trim()));
        for (const l of out.split('\n')) if (l !== '') expect(written.has(l.trim())).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
