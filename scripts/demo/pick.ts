/** list[i], or an error naming what was missing (the demo data is fixed, so this never happens silently). */
export function pick<T>(list: readonly T[], i: number, what = "item"): T {
  const value = list[i];
  if (value === undefined) throw new Error(`Demo data: no ${what} at index ${i}.`);
  return value;
}

/** record[key], or an error naming the missing key. */
export function lookup<T>(record: Record<string, T>, key: string, what = "entry"): T {
  const value = record[key];
  if (value === undefined) throw new Error(`Demo data: no ${what} for "${key}".`);
  return value;
}
