import { brainConformance } from '../conformance.js';
import { createRuleBrain } from './rule-brain.js';

brainConformance('rule brain', () => createRuleBrain());
