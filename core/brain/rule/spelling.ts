/**
 * Words people often mistype, in what says when and what to do, and what they meant. Only
 * these: a message's own words are otherwise passed on as written.
 */
const MEANT: Record<string, string> = {
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tomorrw: 'tomorrow',
  tomorro: 'tomorrow',
  tonite: 'tonight',
  tonigth: 'tonight',
  wensday: 'wednesday',
  wendsday: 'wednesday',
  wednsday: 'wednesday',
  thurday: 'thursday',
  thrusday: 'thursday',
  saterday: 'saturday',
  trun: 'turn',
  tunr: 'turn',
  swtich: 'switch',
  swich: 'switch',
  remidn: 'remind',
  remnd: 'remind',
  remaind: 'remind',
};

const MISTYPED = new RegExp(`\\b(${Object.keys(MEANT).join('|')})\\b`, 'gi');

/** "#general", a chat channel by its mark: said in words, "the general channel" (an id, "<#123…>", is left as it is). */
const CHANNEL_MARK = /(^|[\s(])#([\p{L}][\p{L}\p{N}_-]{0,99})(?![\p{L}\p{N}_-])/gu;

/** `text` with the mistyped words of {@link MEANT} written as meant ("remind me tomorow" → "remind me tomorrow"), and channel marks in words. */
export function spelledAsMeant(text: string): string {
  return text
    .replace(MISTYPED, (word) => {
      const meant = MEANT[word.toLowerCase()]!;
      return word[0] === word[0]!.toUpperCase() ? `${meant[0]!.toUpperCase()}${meant.slice(1)}` : meant;
    })
    .replace(CHANNEL_MARK, (_, before: string, name: string) => `${before}the ${name} channel`);
}
