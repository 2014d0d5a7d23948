import type { Brain } from '../../core/brain/brain.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import type { Config } from '../../core/config/load.js';

/** The brain this configuration asks for. The rule brain needs nothing and is the default. */
export function createBrain(_config: Config): Brain {
  return createRuleBrain();
}
