import { brainConformance } from '../../core/brain/conformance.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { builtinCatalog } from './support.js';

// The same suite, against every built-in plugin at once: more methods to confuse a brain.
brainConformance('rule brain with the built-in plugins', () => createRuleBrain(), { catalog: () => builtinCatalog() });
