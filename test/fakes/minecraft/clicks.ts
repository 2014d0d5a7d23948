import type { ThrowItem } from './items.js';
import type { ItemClass } from './loaders.js';
import { craftingResult } from './recipes.js';
import type { Item, SquidPlayer, SquidServer, Window } from './squid.js';

/**
 * Window clicks, decided by the server as the game decides them (flying-squid lets them
 * through without an item and so ignores most): picking up, placing, splitting, shift-moving,
 * dropping, and crafting, where the result slot shows what the grid makes and taking the
 * result uses up one of each ingredient.
 */

/** A window as the server models it, with its crafting grid (slots 1..width²). */
export interface ClickView {
  window: Window;
  /** The id the client knows the window by (0 for the player's own inventory). */
  windowId: number;
  gridWidth: number;
}

/** The `window_click` packet of 1.17+: the click and the slots as the client predicts them. */
export interface ClickPacket {
  windowId: number;
  slot: number;
  mouseButton: number;
  mode: number;
  changedSlots?: Array<{ location: number; item: unknown }>;
  cursorItem?: unknown;
}

export interface ClickContext {
  serv: SquidServer;
  player: SquidPlayer;
  Item: ItemClass;
  throwItem: ThrowItem;
  nextStateId(): number;
  /**
   * While a click is decided, slot updates are not sent one by one (the client has predicted
   * most of them, and an echo of an intermediate state would overwrite a later prediction);
   * what differs from the prediction is sent once the click is done.
   */
  muted: boolean;
}

const RESULT_SLOT = 0;

export function handleClick(ctx: ClickContext, view: ClickView, click: ClickPacket): void {
  const before = view.window.slots.map(describe);
  const cursorBefore = describe(view.window.selectedItem);
  ctx.muted = true;
  let crafting = false;
  try {
    crafting = applyClick(ctx, view, click);
  } finally {
    ctx.muted = false;
  }
  sendDifferences(ctx, view, click, before, cursorBefore, crafting);
}

/** Applies a click to the server's window; true when it may have changed the crafting grid. */
function applyClick(ctx: ClickContext, view: ClickView, click: ClickPacket): boolean {
  const { window, gridWidth } = view;
  const { slot, mode } = click;
  if (slot === RESULT_SLOT && (mode === 0 || mode === 1)) {
    takeResult(ctx, view, mode === 1);
    return true;
  }
  // Placing into the result slot, drags and double clicks are refused: the differences
  // sent afterwards put the client back.
  if (slot === RESULT_SLOT || ![0, 1, 2, 4].includes(mode)) return false;
  const before = slot >= 0 ? copy(ctx, window.slots[slot]) : null;
  const cursorBefore = copy(ctx, window.selectedItem);
  try {
    window.acceptClick({ ...click, item: slot === -999 ? null : (window.slots[slot] ?? null) } as never, ctx.player.gameMode);
  } catch {
    return false;
  }
  if (slot === -999 && cursorBefore) {
    const dropped = cursorBefore.count - (window.selectedItem?.count ?? 0);
    if (dropped > 0) ctx.throwItem(ctx.player, { type: cursorBefore.type, count: dropped, metadata: cursorBefore.metadata });
  }
  if (mode === 4 && before) {
    const dropped = before.count - (window.slots[slot]?.count ?? 0);
    if (dropped > 0) ctx.throwItem(ctx.player, { type: before.type, count: dropped, metadata: before.metadata });
  }
  const touchesGrid = (slot >= 1 && slot <= gridWidth * gridWidth) || mode === 1;
  if (touchesGrid) updateResult(ctx, view);
  return touchesGrid;
}

/** Puts what the grid makes into the result slot (sent to the client even when unchanged). */
export function updateResult(ctx: ClickContext, view: ClickView): void {
  const { window, gridWidth } = view;
  const grid: Array<number | null> = [];
  for (let slot = 1; slot <= gridWidth * gridWidth; slot++) grid.push(window.slots[slot]?.type ?? null);
  const result = craftingResult(ctx.serv.registry, grid, gridWidth);
  window.updateSlot(RESULT_SLOT, (result ? new ctx.Item(result.id, result.count) : null) as Item);
}

/** Moves the result to the cursor (or, with shift, as many crafts as fit into the inventory). */
function takeResult(ctx: ClickContext, view: ClickView, shift: boolean): void {
  const { window } = view;
  const result = window.slots[RESULT_SLOT];
  if (!result) return;
  if (!shift) {
    // A cursor holding something else, or too many, cannot take the result: nothing happens.
    const cursor = window.selectedItem;
    if (cursor && (cursor.type !== result.type || cursor.count + result.count > cursor.stackSize)) return;
    if (cursor) cursor.count += result.count;
    else window.selectedItem = new ctx.Item(result.type, result.count);
    consumeGrid(view);
    updateResult(ctx, view);
    return;
  }
  for (let i = 0; i < 64; i++) {
    const next = window.slots[RESULT_SLOT];
    if (!next || !storeInInventory(ctx, window, next)) break;
    consumeGrid(view);
    updateResult(ctx, view);
  }
}

function consumeGrid({ window, gridWidth }: ClickView): void {
  for (let slot = 1; slot <= gridWidth * gridWidth; slot++) {
    const item = window.slots[slot];
    if (!item) continue;
    item.count -= 1;
    window.updateSlot(slot, (item.count > 0 ? item : null) as Item);
  }
}

/** Adds all of `item` to the window's inventory part, or nothing when it does not fit. */
export function storeInInventory(ctx: ClickContext, window: Window, item: Item): boolean {
  const slots: number[] = [];
  for (let slot = window.inventoryStart; slot < window.inventoryEnd; slot++) slots.push(slot);
  let room = 0;
  for (const slot of slots) {
    const there = window.slots[slot];
    if (!there) room += item.stackSize;
    else if (there.type === item.type) room += there.stackSize - there.count;
  }
  if (room < item.count) return false;
  let left = item.count;
  for (const slot of slots) {
    const there = window.slots[slot];
    if (left > 0 && there && there.type === item.type && there.count < there.stackSize) {
      const moved = Math.min(left, there.stackSize - there.count);
      there.count += moved;
      left -= moved;
      window.updateSlot(slot, there);
    }
  }
  for (const slot of slots) {
    if (left > 0 && !window.slots[slot]) {
      const moved = Math.min(left, item.stackSize);
      window.updateSlot(slot, new ctx.Item(item.type, moved, item.metadata));
      left -= moved;
    }
  }
  return true;
}

/**
 * Sends every slot where the server's outcome differs from what the client predicted (and
 * the result slot after a grid change, which the client cannot predict and waits for).
 */
function sendDifferences(ctx: ClickContext, view: ClickView, click: ClickPacket, before: string[], cursorBefore: string, crafting: boolean): void {
  const { window } = view;
  const predicted = new Map<number, string>();
  for (const changed of click.changedSlots ?? []) predicted.set(changed.location, describe(fromNotch(ctx, changed.item)));
  const slots = new Set<number>(predicted.keys());
  window.slots.forEach((item, slot) => {
    if (describe(item) !== before[slot]) slots.add(slot);
  });
  if (crafting) slots.add(RESULT_SLOT);
  for (const slot of [...slots].sort((a, b) => a - b)) {
    const now = describe(window.slots[slot]);
    const clientHas = predicted.get(slot) ?? before[slot] ?? '';
    if (slot !== RESULT_SLOT && now === clientHas) continue;
    ctx.player._client.write('set_slot', { windowId: view.windowId, stateId: ctx.nextStateId(), slot, item: toNotch(ctx, window.slots[slot] ?? null) });
  }
  const cursorNow = describe(window.selectedItem);
  const cursorPredicted = click.cursorItem === undefined ? cursorBefore : describe(fromNotch(ctx, click.cursorItem));
  if (cursorNow !== cursorPredicted && ctx.serv.registry.version['>=']('1.21.2')) {
    ctx.player._client.write('set_cursor_item', { contents: toNotch(ctx, window.selectedItem) });
  }
}

function describe(item: Item | null | undefined): string {
  return item && item.count > 0 ? `${item.type}x${item.count}` : '';
}

function fromNotch(ctx: Pick<ClickContext, 'Item'>, item: unknown): Item | null {
  return (ctx.Item as unknown as { fromNotch(item: unknown): Item | null }).fromNotch(item);
}

export function toNotch(ctx: Pick<ClickContext, 'Item'>, item: Item | null): object {
  return (ctx.Item as unknown as { toNotch(item: Item | null): object }).toNotch(item);
}

function copy(ctx: ClickContext, item: Item | null | undefined): Item | null {
  return item ? new ctx.Item(item.type, item.count, item.metadata) : null;
}
