import { describe, expect, it } from 'vitest';
import { MC_CODES, MinecraftError, StepFailure } from '../errors.js';
import type { Game, Observation, StepOutcome } from './game.js';
import { GuideRetriever, loadGuides } from './guides.js';
import { Planner } from './planner.js';
import { GameData } from './recipes.js';
import { MAX_SEARCH } from './reflection.js';
import { runTask } from './runner.js';
import { newTask, type Approach, type Inventory, type PlanStep } from './state.js';

const data = new GameData('1.21.4');
const planner = new Planner(data, new GuideRetriever(loadGuides()));

type Fault = (step: PlanStep, approach: Approach, call: number) => MinecraftError | undefined;

/**
 * A world in memory for the pipeline's logic: steps change the inventory as the game would,
 * and a fault function injects failures. The real game is exercised end to end on a server.
 */
class MemoryGame implements Game {
  inventory: Inventory = {};
  table = false;
  furnace = false;
  readonly calls: Array<{ step: string; approach: Approach }> = [];
  constructor(readonly fault: Fault = () => undefined) {}

  async observe(): Promise<Observation> {
    return { health: 20, food: 20, inventory: { ...this.inventory }, craftingTableNearby: this.table, furnaceNearby: this.furnace, nearbyWood: ['oak'] };
  }

  async execute(step: PlanStep, approach: Approach): Promise<StepOutcome> {
    this.calls.push({ step: step.label, approach });
    const error = this.fault(step, approach, this.calls.filter((c) => c.step === step.label).length);
    if (error) throw error;
    const inv = this.inventory;
    const add = (k: string, n: number) => (inv[k] = (inv[k] ?? 0) + n);
    switch (step.kind) {
      case 'mine':
      case 'hunt':
        add(step.item, step.count);
        break;
      case 'craft':
        for (const [k, n] of Object.entries(step.ingredients)) add(k, -n);
        add(step.item, step.count);
        break;
      case 'smelt':
        add(step.input, -step.count);
        add(step.fuel, -step.fuelCount);
        add(step.item, step.count);
        break;
      case 'place':
        add(step.block, -1);
        if (step.block === 'crafting_table') this.table = true;
        else this.furnace = true;
        break;
    }
    return { detail: `${step.label} done`, actions: 1 };
  }
}

const run = (game: Game, item = 'stone_pickaxe', count = 1) => runTask(newTask(item, count), { game, planner, data }, new AbortController().signal);

describe('the obtain_item pipeline', () => {
  it('runs the plan to the goal and records every step in the task state', async () => {
    const game = new MemoryGame();
    const task = await run(game);
    expect(task.status).toBe('done');
    expect(task.result).toMatchObject({ ok: true });
    expect(game.inventory['stone_pickaxe']).toBe(1);
    expect(task.stepResults.map((r) => r.step)).toEqual(['mine oak_log', 'craft oak_planks', 'craft stick', 'craft crafting_table', 'place crafting_table', 'craft wooden_pickaxe', 'mine stone', 'craft stone_pickaxe']);
    expect(task.guide.sort()).toEqual(['stone', 'wood']);
    expect(task.actions).toBe(8);
    expect(task.plan).toEqual([]);
    expect(task.bot?.inventory['stone_pickaxe']).toBe(1);
  });

  it('rebuilds the plan when the world differs from it: a mined log that never arrived is mined again', async () => {
    const game = new MemoryGame();
    let short = true;
    const original = game.execute.bind(game);
    game.execute = async (step, approach) => {
      const outcome = await original(step, approach);
      if (step.kind === 'mine' && step.item === 'oak_log' && short) {
        short = false;
        game.inventory['oak_log'] = 2;
      }
      return outcome;
    };
    const task = await run(game);
    expect(task.status).toBe('done');
    expect(task.replans).toBeGreaterThan(0);
    expect(task.stepResults.filter((r) => r.step === 'mine oak_log')).toHaveLength(2);
  });

  it('reflects on a failure: no stone in range makes the next attempt search farther', async () => {
    const game = new MemoryGame((step, _approach, call) => (step.label === 'mine stone' && call === 1 ? new MinecraftError(MC_CODES.noSource, 'no stone within 32 blocks') : undefined));
    const task = await run(game);
    expect(task.status).toBe('done');
    const attempts = game.calls.filter((c) => c.step === 'mine stone');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.approach.searchDistance).toBeUndefined();
    expect(attempts[1]!.approach.searchDistance).toBe(64);
    expect(task.errors).toEqual([expect.objectContaining({ step: 'mine stone', attempt: 1, code: MC_CODES.noSource })]);
    expect(task.stepResults.find((r) => r.step === 'mine stone' && r.ok)).toMatchObject({ attempt: 2, approach: { searchDistance: 64 } });
  });

  it('reflects on an unreachable block: the next attempt avoids it', async () => {
    const where = { x: 5, y: 60, z: -3 };
    const game = new MemoryGame((step, _a, call) =>
      step.label === 'mine oak_log' && call === 1 ? new StepFailure(new MinecraftError(MC_CODES.unreachable, 'cannot reach the oak_log at 5 60 -3'), { target: where, actions: 2 }) : undefined,
    );
    const task = await run(game);
    expect(task.status).toBe('done');
    expect(game.calls.filter((c) => c.step === 'mine oak_log')[1]!.approach.avoid).toEqual([where]);
    expect(task.errors[0]).toMatchObject({ target: where, attempt: 1 });
  });

  it('reflects on a failed craft: the next attempt uses another recipe', async () => {
    const game = new MemoryGame((step, _a, call) => (step.label === 'craft stick' && call === 1 ? new MinecraftError(MC_CODES.craftFailed, 'the server refused the recipe') : undefined));
    const task = runTask(newTask('stick', 4), { game, planner, data }, new AbortController().signal);
    game.inventory = { oak_planks: 2, birch_planks: 2 };
    const done = await task;
    expect(done.status).toBe('done');
    const sticks = done.stepResults.filter((r) => r.step === 'craft stick');
    expect(sticks.map((r) => r.ok)).toEqual([false, true]);
    expect(sticks[1]!.approach?.avoidRecipes?.['stick']).toHaveLength(1);
  });

  it('ends the task at the third failure with a message naming the step, the reason and the attempts', async () => {
    const game = new MemoryGame((step, approach) =>
      step.label === 'mine stone' ? new MinecraftError(MC_CODES.noSource, `no stone within ${approach.searchDistance ?? 32} blocks`) : undefined,
    );
    const task = await run(game);
    expect(task.status).toBe('failed');
    expect(task.result).toEqual({ ok: false, code: MC_CODES.noSource, message: `failed at step 'mine stone': no stone within ${MAX_SEARCH} blocks after 3 attempts` });
    expect(task.errors.map((e) => e.attempt)).toEqual([1, 2, 3]);
    const attempts = game.calls.filter((c) => c.step === 'mine stone');
    expect(attempts.map((a) => a.approach.searchDistance)).toEqual([undefined, 64, 64]);
    expect(attempts[1]!.approach.why).toBe('search farther (64 blocks)');
    expect(task.currentStep).toBe('mine stone');
    expect(task.retryCount).toBe(3);
    expect(game.inventory['stone_pickaxe']).toBeUndefined();
  });

  it('ends at once, with its code, when the connection is lost', async () => {
    const game = new MemoryGame((step) => (step.label === 'craft stick' ? new MinecraftError(MC_CODES.disconnected, 'lost the connection to the Minecraft server (kicked)') : undefined));
    const task = await run(game);
    expect(task.status).toBe('failed');
    expect(task.result?.code).toBe(MC_CODES.disconnected);
    expect(task.result?.message).toBe("failed at step 'craft stick': lost the connection to the Minecraft server (kicked)");
    expect(game.calls.filter((c) => c.step === 'craft stick')).toHaveLength(1);
  });

  it('fails with the planner\'s reason for an item it cannot obtain', async () => {
    const task = await run(new MemoryGame(), 'stone_pickax');
    expect(task.result).toMatchObject({ ok: false, code: MC_CODES.unknownItem });
  });
});
