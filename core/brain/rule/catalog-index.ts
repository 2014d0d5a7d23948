import { PRIMARY_CHANNEL, type Catalog, type CatalogEntry } from '../../plugin/catalog.js';
import type { EntityVocabulary, MethodHints } from '../../plugin/hints.js';
import { readParams, type ParamInfo } from './params.js';
import { STOPWORDS } from './lexicon.js';
import { PhraseMatcher, expandPattern } from './pattern.js';
import { words } from './tokens.js';
import { VocabularyIndex } from './vocabulary.js';

/** One callable method as the rule brain matches it. */
export interface MethodIndex {
  target: string;
  plugin: string;
  /** Other words for the plugin, said after "in" or "on" ("in the game"). */
  aliases: ReadonlySet<string>;
  method: string;
  description: string;
  params: readonly ParamInfo[];
  /** Phrases that name the method, with other forms of their first word. */
  phrases: PhraseMatcher<string>;
  /** Phrases that name it only in a request said on its plugin's own channel (see `MethodHints.saidThere`). */
  phrasesThere: PhraseMatcher<string> | undefined;
  keywords: ReadonlySet<string>;
  /** Considered only when one of its phrases is said. */
  phraseOnly: boolean;
  /** Opening a request, one of its phrases makes the whole request one action of it. */
  wholeRequest: boolean;
  intros: PhraseMatcher<string>;
  exclude: PhraseMatcher<string>;
  excludeAtStart: PhraseMatcher<string>;
  askedAtStart: PhraseMatcher<string>;
  endsAfter: MethodHints['endsAfter'];
  refine: MethodHints['refine'];
  undoText: MethodHints['undoText'];
  lookupText: MethodHints['lookupText'];
  saidInFull: MethodHints['saidInFull'];
  /** Whether the method takes these arguments, as its schema says ("go" names no place: it does not). */
  accepts(args: Record<string, unknown>): boolean;
  /** The free-text parameter, when the method has one. */
  text: ParamInfo | undefined;
  /** Its text names the things acted on (see `MethodHints.textNamesThings`). */
  textNamesThings: boolean;
  /** What the same plugin does after it is done where it went (see `MethodHints.takesThere`). */
  takesThere: boolean;
  /** Every word of its phrases: a word that names the method is not a person's name. */
  phraseWords: ReadonlySet<string>;
  /** It changes nothing (a listing, a lookup): what it finds can be what a message says. */
  readOnly: boolean;
  /** Its plugin is set up on this install: of two that fit alike, the one that can run wins. */
  configured: boolean;
  /** Its world has a day of its own: the sun's times said are not the home's. */
  ownSun: boolean;
}

/** Everything the rule brain derives from a catalog, built once per catalog. */
export interface CatalogIndex {
  methods: readonly MethodIndex[];
  vocabularies: ReadonlyMap<string, VocabularyIndex>;
  /** Every method's phrases in their plain form: where a new action may begin. */
  starts: PhraseMatcher<MethodIndex>;
  /** Every method's phrases with other forms of their first word: "once you've turned off ...". */
  phrases: PhraseMatcher<MethodIndex>;
  /** Per plugin, the phrases of its methods that count only in a request said on its channel (`MethodHints.saidThere`). */
  saidThere: ReadonlyMap<string, PhraseMatcher<MethodIndex>>;
  /** What methods are not for, by the phrases that open such requests: why none can do them. */
  declines: PhraseMatcher<string>;
  /** Plugin names, for "in minecraft" or "on discord". */
  plugins: ReadonlySet<string>;
  /** Channel names: "by email" is not "the channel the request came from". */
  channels: ReadonlySet<string>;
  /** Single words that name things of some vocabulary: not taken for a person's name. */
  thingWords: ReadonlySet<string>;
}

const cache = new WeakMap<Catalog, CatalogIndex>();

/** The index of a catalog; built on first use and kept as long as the catalog lives. */
export function indexCatalog(catalog: Catalog): CatalogIndex {
  let index = cache.get(catalog);
  if (!index) {
    index = build(catalog);
    cache.set(catalog, index);
  }
  return index;
}

function build(catalog: Catalog): CatalogIndex {
  const entries: Array<{ entry: Pick<CatalogEntry, 'target' | 'plugin' | 'method' | 'description' | 'spec' | 'configured'>; hints: MethodHints }> =
    catalog.entries.map((entry) => ({ entry, hints: entry.spec.hints ?? {} }));
  // "tell me" means the channel the request came from; its parameters are any channel's send_message.
  const channelSend = catalog.entries.find((e) => e.kind === 'channel' && e.method === 'send_message');
  if (channelSend) {
    entries.push({
      // The channel a request came from can always answer it.
      entry: { ...channelSend, target: `${PRIMARY_CHANNEL}.send_message`, plugin: PRIMARY_CHANNEL, description: 'Tell the requester, where they asked', configured: true },
      hints: catalog.primaryHints,
    });
  }
  const starts = new PhraseMatcher<MethodIndex>();
  const declines = new PhraseMatcher<string>();
  for (const { hints } of entries) for (const [p, why] of Object.entries(hints.declines ?? {})) declines.add(p, why);
  const verbs = new Set<string>();
  const anyPhrase = new PhraseMatcher<MethodIndex>();
  const saidThere = new Map<string, PhraseMatcher<MethodIndex>>();
  const methods = entries.map(({ entry, hints }) => {
    const params = readParams(entry.spec.params);
    const phrases = new PhraseMatcher<string>();
    const patterns = [...(hints.phrases && hints.phrases.length > 0 ? hints.phrases : [entry.method.replace(/_/g, ' ')]), ...(hints.askedAtStart ?? [])];
    const method: MethodIndex = {
      target: entry.target,
      plugin: entry.plugin,
      aliases: new Set((hints.aliases ?? []).map((a) => a.toLowerCase())),
      method: entry.method,
      description: entry.description,
      params,
      phrases,
      phrasesThere: hints.saidThere && hints.saidThere.length > 0 ? matcher(hints.saidThere) : undefined,
      keywords: new Set((hints.keywords ?? []).flatMap(words)),
      phraseOnly: hints.phraseOnly === true,
      wholeRequest: hints.wholeRequest === true,
      intros: matcher(hints.textIntros),
      exclude: matcher(hints.exclude),
      excludeAtStart: matcher([...(hints.excludeAtStart ?? []), ...Object.keys(hints.declines ?? {})]),
      askedAtStart: matcher(hints.askedAtStart),
      endsAfter: hints.endsAfter,
      refine: hints.refine,
      undoText: hints.undoText,
      lookupText: hints.lookupText,
      saidInFull: hints.saidInFull,
      accepts: (args) => entry.spec.params.safeParse(args).success,
      text: params.find((p) => p.kind === 'text'),
      textNamesThings: hints.textNamesThings === true,
      takesThere: hints.takesThere === true,
      phraseWords: new Set([...patterns, ...(hints.saidThere ?? [])].flatMap((p) => expandPattern(p).flat())),
      readOnly: entry.spec.flags?.readOnly === true,
      configured: entry.configured,
      ownSun: hints.ownSun === true,
    };
    for (const p of hints.saidThere ?? []) {
      if (!saidThere.has(entry.plugin)) saidThere.set(entry.plugin, new PhraseMatcher<MethodIndex>());
      saidThere.get(entry.plugin)!.add(p, method);
    }
    for (const p of patterns) {
      phrases.add(p, p, { inflect: true });
      starts.add(p, method);
      anyPhrase.add(p, method, { inflect: true });
    }
    // "send bob an email": a verb that opens a phrase opens an action even when its object comes between.
    for (const verb of new Set(patterns.flatMap((p) => expandPattern(p).filter((w) => w.length > 1).map((w) => w[0]!)))) {
      // A phrase that opens with "*" ("* email is") has no verb of its own there.
      if (verb !== '*' && !STOPWORDS.has(verb) && !method.keywords.has(verb)) verbs.add(verb);
    }
    return method;
  });
  const byKind = new Map<string, EntityVocabulary>();
  for (const v of catalog.entities) {
    // Two plugins may add to one kind: their values and cues are pooled.
    const existing = byKind.get(v.kind);
    byKind.set(v.kind, existing ? { ...existing, values: [...existing.values, ...v.values], cues: [...(existing.cues ?? []), ...(v.cues ?? [])] } : v);
  }
  const vocabularies = new Map([...byKind].map(([kind, v]) => [kind, new VocabularyIndex(v)]));
  const thingWords = new Set<string>();
  for (const v of vocabularies.values()) for (const w of v.words) thingWords.add(w);
  const keywords = new Set(methods.flatMap((m) => [...m.keywords]));
  for (const verb of verbs) {
    if (!keywords.has(verb) && !thingWords.has(verb)) starts.add(verb, methods.find((m) => m.phraseWords.has(verb))!);
  }
  const plugins = new Set(methods.map((m) => m.plugin).filter((p) => p !== PRIMARY_CHANNEL));
  return { methods, vocabularies, starts, phrases: anyPhrase, saidThere, declines, plugins, channels: new Set(catalog.channels), thingWords };
}

function matcher(patterns: readonly string[] | undefined): PhraseMatcher<string> {
  const m = new PhraseMatcher<string>();
  for (const p of patterns ?? []) m.add(p, p);
  return m;
}
