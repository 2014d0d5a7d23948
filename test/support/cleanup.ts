import { afterEach } from 'vitest';

/**
 * Registers an afterEach that undoes, last first, what a test set up; returns the function
 * that records an undo step.
 */
export function cleanupAfterEach(): (undo: () => Promise<void> | void) => void {
  const steps: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return (undo) => {
    steps.push(undo);
  };
}
