import type { IndexedData } from 'minecraft-data';

/**
 * Crafting results from minecraft-data's recipes, as a crafting grid computes them: a shaped
 * recipe matches anywhere in the grid and mirrored left to right; a shapeless one matches any
 * arrangement of its ingredients.
 */

/** What one craft yields. */
export interface CraftResult {
  id: number;
  count: number;
}

interface RecipeIndex {
  /** `width x height : ids` (0 for an empty cell) → result. */
  shaped: Map<string, CraftResult>;
  /** Sorted ingredient ids → result. */
  shapeless: Map<string, CraftResult>;
}

const indexes = new WeakMap<IndexedData, RecipeIndex>();

type Cell = number | null;

/**
 * The result of the items in a crafting grid, or null when nothing matches.
 * @param grid item ids row by row (null for an empty slot), `width` per row.
 */
export function craftingResult(registry: IndexedData, grid: readonly Cell[], width: number): CraftResult | null {
  const index = recipeIndex(registry);
  const rows: Cell[][] = [];
  for (let i = 0; i < grid.length; i += width) rows.push(grid.slice(i, i + width));
  const shape = trim(rows);
  if (shape.length === 0) return null;
  const shaped = index.shaped.get(shapeKey(shape));
  if (shaped) return { ...shaped };
  const ids = shape.flat().filter((cell): cell is number => cell !== null);
  const shapeless = index.shapeless.get(ingredientsKey(ids));
  return shapeless ? { ...shapeless } : null;
}

function recipeIndex(registry: IndexedData): RecipeIndex {
  const known = indexes.get(registry);
  if (known) return known;
  const index: RecipeIndex = { shaped: new Map(), shapeless: new Map() };
  for (const recipes of Object.values(registry.recipes)) {
    for (const recipe of recipes) {
      const result = resultOf(recipe.result);
      if (!result) continue;
      if ('inShape' in recipe && recipe.inShape) {
        const shape = trim(recipe.inShape.map((row) => row.map(ingredientId)));
        // First recipe wins, as the game takes the first that matches.
        for (const variant of [shape, shape.map((row) => [...row].reverse())]) {
          const k = shapeKey(variant);
          if (!index.shaped.has(k)) index.shaped.set(k, result);
        }
      } else if ('ingredients' in recipe && recipe.ingredients) {
        const k = ingredientsKey(recipe.ingredients.map(ingredientId).filter((id): id is number => id !== null));
        if (!index.shapeless.has(k)) index.shapeless.set(k, result);
      }
    }
  }
  indexes.set(registry, index);
  return index;
}

function resultOf(result: unknown): CraftResult | null {
  if (typeof result === 'object' && result !== null && 'id' in result && typeof result.id === 'number') {
    const count = 'count' in result && typeof result.count === 'number' ? result.count : 1;
    return { id: result.id, count };
  }
  return null;
}

/** minecraft-data writes an ingredient as an id, null, or an `{id, metadata}` object. */
function ingredientId(ingredient: unknown): Cell {
  if (ingredient === null || ingredient === undefined) return null;
  if (typeof ingredient === 'number') return ingredient < 0 ? null : ingredient;
  if (typeof ingredient === 'object' && 'id' in ingredient && typeof ingredient.id === 'number') return ingredient.id < 0 ? null : ingredient.id;
  return null;
}

/** The smallest rectangle holding every non-empty cell. */
function trim(rows: Cell[][]): Cell[][] {
  const filled = (cell: Cell | undefined) => cell !== null && cell !== undefined;
  const used = rows.map((row, y) => ({ row, y })).filter(({ row }) => row.some(filled));
  if (used.length === 0) return [];
  const top = used[0]!.y;
  const bottom = used[used.length - 1]!.y;
  let left = Infinity;
  let right = -1;
  for (const { row } of used) {
    row.forEach((cell, x) => {
      if (filled(cell)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    });
  }
  return rows.slice(top, bottom + 1).map((row) => {
    const out: Cell[] = [];
    for (let x = left; x <= right; x++) out.push(row[x] ?? null);
    return out;
  });
}

function shapeKey(shape: Cell[][]): string {
  return `${shape[0]!.length}x${shape.length}:${shape.map((row) => row.map((cell) => cell ?? 0).join(',')).join(';')}`;
}

function ingredientsKey(ids: number[]): string {
  return [...ids].sort((a, b) => a - b).join(',');
}
