/** Spell effects as label/value pairs (features/game/lib/game-text.ts), as the spell pages show them. */
import { describe, expect, it } from "vitest";
import { effectEntries, humanizeKey } from "@/features/game/lib/game-text";

describe("effect labels", () => {
  it("turns camelCase, snake_case and kebab-case keys into a sentence-case label", () => {
    expect(humanizeKey("perSpellPower")).toBe("Per spell power");
    expect(humanizeKey("mana_cost")).toBe("Mana cost");
    expect(humanizeKey("area-radius")).toBe("Area radius");
    expect(humanizeKey("hp2Bonus")).toBe("Hp2 bonus");
    expect(humanizeKey("")).toBe("");
  });

  it("lists an effects object as label/value pairs, values that are not text as JSON, and text as one effect", () => {
    expect(effectEntries({ kind: "damage", perSpellPower: 10 })).toEqual([
      { label: "Kind", value: "damage" },
      { label: "Per spell power", value: "10" },
    ]);
    expect(effectEntries({ bonus: { attack: 2 } })).toEqual([{ label: "Bonus", value: '{"attack":2}' }]);
    expect(effectEntries("Slows the target")).toEqual([{ label: "Effect", value: "Slows the target" }]);
    expect(effectEntries(null)).toEqual([]);
  });
});
