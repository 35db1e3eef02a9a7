/**
 * The gallery's kept keys (`<category>:<faction>:<type>:<featured>`, migration 0018) of every filter
 * combination an item matches, worked out here from its columns so tests can compare them with
 * what the triggers keep.
 */
export type GalleryKeyFacts = { category_id: number | null; faction_id: number | null; media_type: string; is_featured: number };

export function galleryKeysOf(item: GalleryKeyFacts): string[] {
  const keys: string[] = [];
  for (const category of item.category_id === null ? [""] : ["", String(item.category_id)])
    for (const faction of item.faction_id === null ? [""] : ["", String(item.faction_id)])
      for (const type of ["", item.media_type])
        for (const featured of item.is_featured ? ["", "1"] : [""]) keys.push(`${category}:${faction}:${type}:${featured}`);
  return keys;
}
