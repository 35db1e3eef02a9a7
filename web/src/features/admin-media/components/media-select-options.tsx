import type { MediaCategory } from "@schemas/media";

/** The Category dropdown's options (media form and upload dialog): a placeholder, then each category. */
export function CategoryOptions({ categories }: { categories: MediaCategory[] }) {
  return (
    <>
      <option value={0}>Select a category</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/** The Faction dropdown's options: None, then each faction. */
export function FactionOptions({ factions }: { factions: { id: number; name: string }[] }) {
  return (
    <>
      <option value={0}>None</option>
      {factions.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </>
  );
}
