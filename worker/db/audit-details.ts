/**
 * The `details` of an audit row about an update: the changed fields' old and new values,
 * `{ before, after }` (the shape every writer uses; creates carry `{ after }` or the new values,
 * deletes `{ before }` or the old ones). GET /api/audit reads them back as field changes.
 */
export function beforeAndAfter<T extends Record<string, unknown>>(before: Record<string, unknown>, after: T): { before: Partial<T>; after: T } {
  const old: Record<string, unknown> = {};
  for (const key of Object.keys(after)) old[key] = before[key] ?? null;
  return { before: old as Partial<T>, after };
}
