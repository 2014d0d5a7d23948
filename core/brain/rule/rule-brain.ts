import type { Brain } from '../brain.js';

export interface RuleBrainOptions {
  /** Confidence given to a decision that maps every word of an action. */
  confidence?: number;
}

/** The embedded brain: deterministic, offline, no model. */
export function createRuleBrain(_options: RuleBrainOptions = {}): Brain {
  return {
    name: 'rule',
    async extract(text) {
      return text
        .split(/[.!?]+/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s, i) => ({ id: `a${i + 1}`, text: s, dependsOn: [], optional: false }));
    },
    async decide() {
      return { kind: 'none', reason: 'not understood' };
    },
    async evaluate(_action, result) {
      return { ok: result.ok };
    },
    async reevaluate() {
      return { verdict: 'terminate' };
    },
    async summarize(outcome) {
      return `${outcome.reports.length} group(s) finished.`;
    },
  };
}
