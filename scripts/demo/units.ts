/**
 * Units: per faction 7 tiers × 3 upgrade levels = 21 units, generated from per-faction word
 * lists. Stats grow with tier and upgrade level; weekly growth falls with tier.
 */
import type { Unit } from "../../shared/schemas/unit.ts";
import type { UnitType } from "../../shared/game.ts";
import { FACTIONS } from "./factions.ts";
import { lookup, pick } from "./pick.ts";

type Roster = {
  /** Prefixes for upgrade levels 1 and 2. */
  ranks: [string, string];
  /** Tier 1..7: base name, type, signature ability, flavour. */
  tiers: [string, UnitType, string, string][];
  /** Abilities gained at upgrade level 2 (one per tier). */
  masteries: string[];
  /** Per-faction stat leaning. */
  lean: { attack: number; defense: number; health: number; speed: number };
};

const ROSTERS: Record<string, Roster> = {
  "aurelian-concord": {
    ranks: ["Sworn", "Radiant"],
    tiers: [
      ["Pikeguard", "Infantry", "Brace: no retaliation damage from cavalry charges", "valley militia drilled to hold a pike wall"],
      ["Lantern Crossbow", "Ranged", "Steady aim: no penalty at long range", "marksmen who fire by the light of their oath-lanterns"],
      ["Shieldbrother", "Infantry", "Guard: takes half the damage aimed at an adjacent ally", "veterans who fight in interlocked pairs"],
      ["Sunfire Acolyte", "Magic", "Healing light: restores 10 health to an ally each round", "young priests of the Dawn Chapel"],
      ["Gryphon Lancer", "Flying", "Diving strike: +20% damage after flying", "riders of the white gryphons of Mount Osric"],
      ["Dawnrider", "Cavalry", "Charge: +5% damage per tile travelled", "heavy knights of the seven towns"],
      ["Seraph of the Lantern", "Flying", "Rekindle: revives fallen allies once per combat", "winged guardians said to be lit from within"],
    ],
    masteries: ["Unbreakable", "Double shot", "Shield wall", "Mass blessing", "Gale dive", "Jousting", "Radiant aura"],
    lean: { attack: 0, defense: 1, health: 0, speed: 0 },
  },
  "tidewarden-compact": {
    ranks: ["Salted", "Chartered"],
    tiers: [
      ["Dockhand Militia", "Infantry", "Hook: pulls the target one tile closer", "sailors handed a cutlass and a hook"],
      ["Harpooner", "Ranged", "Tether: the target loses 2 speed for one round", "whalers who learned to aim at men"],
      ["Compact Marine", "Infantry", "Boarding: +1 attack in the first round", "sea soldiers of the harbour cities"],
      ["Mist Singer", "Magic", "Fog song: enemy ranged attacks deal 25% less damage", "choir-mages who call the sea mist"],
      ["Gull Skyrider", "Flying", "Scout: reveals hidden enemy stacks", "riders of the great storm gulls"],
      ["Shellback Charger", "Cavalry", "Carapace: immune to the first critical hit", "armoured crab-mounts of the reef garrisons"],
      ["Leviathan Guard", "Magic", "Tidal crash: damages every enemy in a line", "ancient sea beasts bound by the charter"],
    ],
    masteries: ["Grapple", "Barbed tether", "Hold the deck", "Drowning chorus", "Stormwing", "Tideshell", "Undertow"],
    lean: { attack: 0, defense: 0, health: 1, speed: 0 },
  },
  "cinderborn-horde": {
    ranks: ["Scorched", "Blazing"],
    tiers: [
      ["Ash Raider", "Infantry", "Frenzy: +2 attack after taking damage", "young clansfolk eager to be forged"],
      ["Ember Slinger", "Ranged", "Burning shot: sets the target alight for 2 rounds", "slingers who hurl glowing cinders"],
      ["Ash Hound", "Cavalry", "Pack hunt: +10% damage per other hound stack", "smoke-grey hounds as big as ponies"],
      ["Fire Shaman", "Magic", "Kindle: casts a small fire spell each round", "clan elders who speak with flame"],
      ["Cinder Wyvern", "Flying", "Ash breath: hits the target and the stack behind it", "wyverns nesting in the Emberfall cracks"],
      ["Magma Rider", "Cavalry", "Trail of fire: tiles it crosses burn for a round", "riders of magma-veined lizards"],
      ["Magma Colossus", "Infantry", "Molten body: attackers take 10% of their damage back", "giants of cooled stone and living fire"],
    ],
    masteries: ["Bloodfire", "Volley of embers", "Howl", "Wildfire", "Firestorm breath", "Lava wake", "Eruption"],
    lean: { attack: 2, defense: -1, health: 0, speed: 1 },
  },
  "veilbound-covenant": {
    ranks: ["Veiled", "Eclipsed"],
    tiers: [
      ["Hollow Thrall", "Infantry", "Undying: ignores morale", "the drowned dead of Morrow, walking again"],
      ["Bone Choir", "Ranged", "Dirge: -1 morale to enemies in range", "singers whose hymns rattle the bones"],
      ["Shadow Stalker", "Infantry", "Ambush: strikes first when attacked", "cultists who have learned to stand inside shadows"],
      ["Star Reader", "Magic", "Omen: reveals the enemy's next move", "astronomers of the eternal eclipse"],
      ["Gloom Bat Swarm", "Flying", "Life drain: heals for 25% of damage dealt", "clouds of pale bats from the sunken belfries"],
      ["Nightmare Rider", "Cavalry", "Terror: the target may skip its next turn", "knights on horses made of smoke"],
      ["Eclipse Wyrm", "Flying", "Devour light: removes all blessings from the target", "a serpent dragon that swallowed the sun once"],
    ],
    masteries: ["Relentless", "Requiem", "Vanish", "Prophecy", "Blood tithe", "Dread gallop", "Total eclipse"],
    lean: { attack: 1, defense: 0, health: -1, speed: 0 },
  },
  "thornwild-circle": {
    ranks: ["Thornbound", "Elder"],
    tiers: [
      ["Briar Sprite", "Flying", "Thorns: attackers take 2 damage", "quick little spirits of the hedgerows"],
      ["Briar Archer", "Ranged", "Entangle: the target loses 1 speed", "wardens who fletch arrows from thornwood"],
      ["Grove Warden", "Infantry", "Root stance: +3 defense when not moving", "the Circle's sworn protectors"],
      ["Moss Druid", "Magic", "Regrowth: heals all allies for 5 each round", "keepers of the Heartroot's seasons"],
      ["Antlered Rider", "Cavalry", "Trample: hits the stack behind the target", "riders of the great stag-elk"],
      ["Owlbear Matron", "Infantry", "Maul: ignores 30% of the target's defense", "fierce beasts raised by the druids"],
      ["Elder Grove", "Magic", "Walking wood: summons thorn walls", "trees that remember walking"],
    ],
    masteries: ["Pollen cloud", "Thornstorm", "Oakskin", "Bloom", "Stampede", "Rend", "Heartroot's blessing"],
    lean: { attack: 0, defense: 0, health: 2, speed: -1 },
  },
  "skyforge-clans": {
    ranks: ["Riveted", "Stormforged"],
    tiers: [
      ["Clan Hammerer", "Infantry", "Sunder: -2 defense to the target", "miners who fight with their tools"],
      ["Glider Scout", "Flying", "Reconnaissance: +1 initiative to all allies", "youths on canvas wings"],
      ["Bolt Thrower", "Ranged", "Piercing bolt: ignores shields", "crews of clockwork crossbows"],
      ["Storm Caller", "Magic", "Chain spark: lightning jumps to a second target", "mages who climb the storm-rods"],
      ["Ram Rider", "Cavalry", "Headlong: first attack cannot be retaliated", "riders of the shaggy peak rams"],
      ["Thunder Engine", "Ranged", "Bombard: damages an area of 4 tiles", "walking cannons fed by lightning"],
      ["Brass Titan", "Infantry", "Overcharge: acts twice in the first round", "the clans' greatest forge-work"],
    ],
    masteries: ["Shatter", "Updraft", "Twin bolts", "Tempest", "Avalanche", "Thunderclap", "Stormheart"],
    lean: { attack: 0, defense: 1, health: 0, speed: 0 },
  },
};

// Base values for tiers 1..7.
const ATTACK = [4, 6, 9, 12, 16, 21, 28];
const DEFENSE = [4, 5, 8, 11, 15, 20, 27];
const MIN_DAMAGE = [1, 2, 4, 7, 12, 20, 32];
const MAX_DAMAGE = [3, 4, 7, 11, 18, 30, 48];
const HEALTH = [6, 12, 22, 40, 70, 130, 220];
const SPEED = [4, 5, 5, 6, 7, 8, 8];
const INITIATIVE = [8, 9, 9, 10, 11, 12, 13];
const COST = [30, 75, 160, 350, 700, 1500, 3200];
const GROWTH = [16, 10, 7, 5, 3, 2, 1];

const TYPE_MODS: Record<UnitType, { attack: number; defense: number; health: number; speed: number; initiative: number }> = {
  Infantry: { attack: 0, defense: 2, health: 1.1, speed: 0, initiative: 0 },
  Ranged: { attack: 1, defense: -1, health: 0.8, speed: 0, initiative: 1 },
  Cavalry: { attack: 1, defense: 0, health: 1.05, speed: 2, initiative: 1 },
  Flying: { attack: 0, defense: -1, health: 0.9, speed: 3, initiative: 2 },
  Magic: { attack: -1, defense: -1, health: 0.85, speed: 0, initiative: 0 },
};

/** A demo unit: the API's fields, its abilities as the stored JSON text, its faction and base by name. */
export type DemoUnit = Omit<
  Unit,
  "id" | "factionId" | "baseUnitId" | "upgradeLevel" | "specialAbilities" | "portraitUrl" | "isActive" | "createdAt" | "updatedAt"
> & {
  factionSlug: string;
  /** Name of the level-0 unit (null for base units): links upgrades to their base. */
  baseName: string | null;
  upgradeLevel: 0 | 1 | 2;
  specialAbilities: string;
};

export function buildUnits(): DemoUnit[] {
  const units: DemoUnit[] = [];
  for (const faction of FACTIONS) {
    const roster = lookup(ROSTERS, faction.slug, "roster");
    roster.tiers.forEach(([baseName, unitType, ability, flavour], i) => {
      const tier = i + 1;
      const mod = TYPE_MODS[unitType];
      for (const level of [0, 1, 2] as const) {
        const grow = 1 + 0.15 * level;
        const name = level === 0 ? baseName : `${pick(roster.ranks, level - 1)} ${baseName}`;
        const abilities = [ability];
        if (level >= 1) abilities.push(`${roster.ranks[0]} training: +${tier} defense against ${tier > 4 ? "spells" : "ranged attacks"}`);
        if (level === 2) abilities.push(pick(roster.masteries, i));
        const minDamage = Math.max(1, Math.round(pick(MIN_DAMAGE, i) * grow));
        const maxDamage = Math.max(minDamage, Math.round(pick(MAX_DAMAGE, i) * grow));
        units.push({
          factionSlug: faction.slug,
          baseName: level === 0 ? null : baseName,
          name,
          summary: `Tier ${tier} ${unitType.toLowerCase()} of the ${faction.name}${level ? ` (upgrade ${level})` : ""}: ${flavour}.`,
          description:
            `${name}: ${flavour}. ${ability}.` +
            (level === 0
              ? `\n\nRecruited in the tier ${tier} dwelling; upgrade to ${roster.ranks[0]} ${baseName} for better stats.`
              : `\n\nThe ${level === 1 ? "first" : "final"} upgrade of the ${baseName}. ${level === 2 ? `Masters ${pick(roster.masteries, i).toLowerCase()}.` : `Can be trained further into the ${roster.ranks[1]} ${baseName}.`}`),
          tier,
          cost: Math.round((pick(COST, i) * (1 + 0.3 * level)) / 5) * 5,
          attack: Math.max(1, Math.round((pick(ATTACK, i) + mod.attack + faction.sortOrder % 2 + roster.lean.attack) * grow)),
          defense: Math.max(1, Math.round((pick(DEFENSE, i) + mod.defense + roster.lean.defense) * grow)),
          minDamage,
          maxDamage,
          health: Math.max(1, Math.round(pick(HEALTH, i) * mod.health * grow + roster.lean.health * tier)),
          speed: Math.max(1, pick(SPEED, i) + mod.speed + roster.lean.speed + level),
          initiative: pick(INITIATIVE, i) + mod.initiative + level,
          morale: faction.alignment === "Order" ? 1 : level === 2 ? 1 : 0,
          luck: unitType === "Ranged" || (level === 2 && tier >= 5) ? 1 : 0,
          unitType,
          upgradeLevel: level,
          isUpgraded: level > 0,
          weeklyGrowth: pick(GROWTH, i),
          specialAbilities: JSON.stringify(abilities),
        });
      }
    });
  }
  return units;
}
