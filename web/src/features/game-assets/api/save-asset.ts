import { mutate } from "swr";
import { api, unwrap } from "@/lib/api-client";
import type { AssetConfig } from "../asset-config";

type Body = Record<string, unknown>;
type Rec = Record<string, unknown> & { id: number; updatedAt: string };

/** POST /api/{faction|unit|hero|spell}: creates a row; answers the stored record. */
export async function createAsset(config: AssetConfig, body: Body): Promise<Rec> {
  const json = body as never;
  switch (config.entity) {
    case "faction":
      return (await unwrap(api.api.faction.$post({ json }))) as unknown as Rec;
    case "unit":
      return (await unwrap(api.api.unit.$post({ json }))) as unknown as Rec;
    case "hero":
      return (await unwrap(api.api.hero.$post({ json }))) as unknown as Rec;
    case "spell":
      return (await unwrap(api.api.spell.$post({ json }))) as unknown as Rec;
  }
}

/** PUT /api/{resource}/{id} with the version it was based on (409 stale_version when outdated). */
export async function updateAsset(config: AssetConfig, id: number, body: Body): Promise<Rec> {
  const args = { param: { id: String(id) }, json: body as never };
  switch (config.entity) {
    case "faction":
      return (await unwrap(api.api.faction[":id"].$put(args))) as unknown as Rec;
    case "unit":
      return (await unwrap(api.api.unit[":id"].$put(args))) as unknown as Rec;
    case "hero":
      return (await unwrap(api.api.hero[":id"].$put(args))) as unknown as Rec;
    case "spell":
      return (await unwrap(api.api.spell[":id"].$put(args))) as unknown as Rec;
  }
}

/** DELETE /api/{resource}/{id}. */
export async function deleteAsset(config: AssetConfig, id: number): Promise<void> {
  const args = { param: { id: String(id) } };
  switch (config.entity) {
    case "faction":
      return unwrap(api.api.faction[":id"].$delete(args)) as Promise<void>;
    case "unit":
      return unwrap(api.api.unit[":id"].$delete(args)) as Promise<void>;
    case "hero":
      return unwrap(api.api.hero[":id"].$delete(args)) as Promise<void>;
    case "spell":
      return unwrap(api.api.spell[":id"].$delete(args)) as Promise<void>;
  }
}

/** After saving: every cached game read (lists, faction pages, history) loads again. */
export const revalidateGameReads = () =>
  mutate((key) => typeof key === "string" && /^\/api\/(faction|unit|hero|spell|history)/.test(key));
