import { handleClick, storeInInventory, toNotch, type ClickContext, type ClickPacket, type ClickView } from './clicks.js';
import type { ThrowItem } from './items.js';
import { itemClass, windowsFor, type ItemClass } from './loaders.js';
import type { Item, SquidPlayer, SquidServer, Window } from './squid.js';

/**
 * Crafting in the player's 2×2 grid and at a crafting table: using a table opens its 3×3
 * window (whose lower part is the player's inventory, kept in step both ways); closing a
 * window gives back what was left in its grid and on the cursor.
 */
export function installCrafting(serv: SquidServer, throwItem: ThrowItem): void {
  const Item = itemClass(serv.registry);
  const windows = windowsFor(serv.registry);
  const craftingType = windows.windows['minecraft:crafting']?.type;
  const tables = new WeakMap<SquidPlayer, CraftingTable>();
  const contexts = new WeakMap<SquidPlayer, ClickContext>();

  serv.on('newPlayer', (player: SquidPlayer) => {
    let stateId = 0;
    const ctx: ClickContext = { serv, player, Item, throwItem, nextStateId: () => ++stateId, muted: false };
    contexts.set(player, ctx);
    const inventoryView: ClickView = { window: player.inventory, windowId: 0, gridWidth: 2 };

    // flying-squid sends every slot update of the inventory: held back while a click is decided.
    const senders = player.inventory.listeners('updateSlot');
    player.inventory.removeAllListeners('updateSlot');
    player.inventory.on('updateSlot', (slot, oldItem, newItem) => {
      if (!ctx.muted) for (const send of senders) send.call(player.inventory, slot, oldItem, newItem);
    });

    player._client.removeAllListeners('window_click');
    player._client.on('window_click', (click: ClickPacket) => {
      const table = tables.get(player);
      if (click.windowId === 0) handleClick(ctx, inventoryView, click);
      else if (table && click.windowId === table.view.windowId) handleClick(ctx, table.view, click);
    });

    player._client.on('close_window', ({ windowId }: { windowId: number }) => {
      const table = tables.get(player);
      if (table && windowId === table.view.windowId) {
        tables.delete(player);
        table.close();
      } else if (windowId === 0) {
        giveBack(ctx, inventoryView);
      }
    });
  });

  let lastWindowId = 0;
  serv.onBlockInteraction('crafting_table', ({ player }) => {
    const ctx = contexts.get(player);
    if (!ctx || craftingType === undefined) return false;
    tables.get(player)?.close();
    lastWindowId = (lastWindowId % 100) + 1;
    const table = new CraftingTable(ctx, windows.createWindow(lastWindowId, 'minecraft:crafting', 'Crafting'), Item);
    tables.set(player, table);
    table.open(craftingType, serv);
    return true;
  });
}

/** The slot of the player's inventory window that shows a table window's inventory slot. */
const TABLE_TO_INVENTORY = -1;

class CraftingTable {
  readonly view: ClickView;
  private mirroring = false;
  private readonly onTableSlot: (slot: number, old: Item | null, item: Item | null) => void;
  private readonly onInventorySlot: (slot: number, old: Item | null, item: Item | null) => void;

  constructor(
    private readonly ctx: ClickContext,
    window: Window,
    private readonly Item: ItemClass,
  ) {
    this.view = { window, windowId: window.id, gridWidth: 3 };
    const inventory = ctx.player.inventory;
    for (let slot = window.inventoryStart; slot < window.inventoryEnd; slot++) {
      window.slots[slot] = this.clone(inventory.slots[slot + TABLE_TO_INVENTORY], slot);
    }
    this.onTableSlot = (slot, _old, item) => {
      if (!ctx.muted) ctx.player._client.write('set_slot', { windowId: window.id, stateId: ctx.nextStateId(), slot, item: toNotch(ctx, item) });
      if (slot >= window.inventoryStart && !this.mirroring) {
        this.mirror(() => inventory.updateSlot(slot + TABLE_TO_INVENTORY, this.clone(item, slot + TABLE_TO_INVENTORY) as Item));
      }
    };
    this.onInventorySlot = (slot, _old, item) => {
      const tableSlot = slot - TABLE_TO_INVENTORY;
      if (tableSlot >= window.inventoryStart && tableSlot < window.inventoryEnd && !this.mirroring) {
        this.mirror(() => window.updateSlot(tableSlot, this.clone(item, tableSlot) as Item));
      }
    };
  }

  open(craftingType: number | string, serv: SquidServer): void {
    const { window } = this.view;
    const title = (serv as unknown as { _createChatComponent(text: string): { toNetworkFormat(): unknown } })._createChatComponent('Crafting');
    this.ctx.player._client.write('open_window', { windowId: window.id, inventoryType: craftingType, windowTitle: title.toNetworkFormat() });
    this.ctx.player._client.write('window_items', {
      windowId: window.id,
      stateId: this.ctx.nextStateId(),
      items: window.slots.map((item) => toNotch(this.ctx, item)),
      carriedItem: toNotch(this.ctx, null),
    });
    window.on('updateSlot', this.onTableSlot);
    this.ctx.player.inventory.on('updateSlot', this.onInventorySlot);
  }

  close(): void {
    this.view.window.removeListener('updateSlot', this.onTableSlot);
    this.ctx.player.inventory.removeListener('updateSlot', this.onInventorySlot);
    giveBack(this.ctx, this.view, this.ctx.player.inventory);
  }

  private mirror(update: () => void): void {
    this.mirroring = true;
    try {
      update();
    } finally {
      this.mirroring = false;
    }
  }

  private clone(item: Item | null | undefined, slot: number): Item | null {
    if (!item) return null;
    const copy = new this.Item(item.type, item.count, item.metadata);
    copy.slot = slot;
    return copy;
  }
}

/**
 * Returns a window's grid and cursor to the player's inventory (`into`; the window itself
 * for the inventory's own grid); what does not fit is thrown out, as the game does.
 */
function giveBack(ctx: ClickContext, view: ClickView, into: Window = view.window): void {
  const { window, gridWidth } = view;
  const leftovers: Item[] = [];
  for (let slot = 1; slot <= gridWidth * gridWidth; slot++) {
    const item = window.slots[slot];
    if (item) {
      leftovers.push(item);
      window.slots[slot] = null;
    }
  }
  if (window.selectedItem) {
    leftovers.push(window.selectedItem);
    window.selectedItem = null;
  }
  if (window.slots[0]) window.updateSlot(0, null as unknown as Item);
  for (const item of leftovers) {
    if (!storeInInventory(ctx, into, item)) ctx.throwItem(ctx.player, { type: item.type, count: item.count, metadata: item.metadata });
  }
  if (into === window) {
    for (let slot = 1; slot <= gridWidth * gridWidth; slot++) window.updateSlot(slot, null as unknown as Item);
  }
}
