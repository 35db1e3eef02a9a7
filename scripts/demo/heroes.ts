/** Heroes: six per faction (two Might, two Magic, two Hybrid). */
import { FACTIONS } from "./factions.ts";
import { lookup } from "./pick.ts";
import type { Hero } from "../../shared/schemas/hero.ts";
import type { HeroType } from "../../shared/game.ts";
import { SPELLS } from "./spells.ts";

/** [name, title, type, specialty, specialty description, one-line origin] */
type HeroLine = [string, string, HeroType, string, string, string];

const CLASSES: Record<string, Record<HeroType, string>> = {
  "aurelian-concord": { Might: "Knight-Captain", Magic: "Lightbearer", Hybrid: "Warden" },
  "tidewarden-compact": { Might: "Admiral", Magic: "Tidecaller", Hybrid: "Corsair" },
  "cinderborn-horde": { Might: "Warchief", Magic: "Flamespeaker", Hybrid: "Ashblade" },
  "veilbound-covenant": { Might: "Dread Knight", Magic: "Eclipse Seer", Hybrid: "Veilblade" },
  "thornwild-circle": { Might: "Beastwarden", Magic: "Druid", Hybrid: "Thornstalker" },
  "skyforge-clans": { Might: "Thane", Magic: "Stormwright", Hybrid: "Runesmith" },
};

const HEROES: Record<string, HeroLine[]> = {
  "aurelian-concord": [
    ["Ser Halvard Quell", "the Unmoving Shield", "Might", "Pikeguard", "Pikeguard and their upgrades gain +1 attack and defense per 4 hero levels.", "the son of a ferryman who held the Osric bridge for three days"],
    ["Dame Isolde Varn", "Marshal of the Seven Towns", "Might", "Dawnriders", "Dawnriders gain +1 speed and +5% charge damage.", "the first woman to lead all seven town militias at once"],
    ["Brother Ansel", "Keeper of the Last Lantern", "Magic", "Blessing of Dawn", "Blessing of Dawn affects all allies and lasts 2 extra rounds.", "a chapel novice who kept a lantern lit through the Long Dusk"],
    ["Mother Celestine", "Voice of the Dawn Chapel", "Magic", "Healing", "Healing spells restore 20% more health.", "the abbess whose sermons are said to warm frozen rivers"],
    ["Rowan Ashcombe", "the Lantern Warden", "Hybrid", "Gryphons", "Gryphon Lancers gain +2 attack and immunity to blind.", "a border scout raised among the gryphon eyries"],
    ["Lys Dunmere", "Oathkeeper", "Hybrid", "Logistics", "Hero gains +300 movement points on land.", "a quartermaster who never once let a column go hungry"],
  ],
  "tidewarden-compact": [
    ["Admiral Corvin Salt", "Lord of the Glass Coast", "Might", "Navigation", "Movement on water increased by 50%.", "a captain who charted the Glass Coast reefs by moonlight"],
    ["Brenna Hookhand", "Terror of the Docks", "Might", "Marines", "Compact Marines gain +2 attack and +10 health.", "a dock brawler who rose to command the harbour watch"],
    ["Ondine Vell", "First Mist Singer", "Magic", "Fog Song", "Fog Song also lowers enemy initiative by 2.", "a choir-girl who sang a storm to sleep"],
    ["Thalassa Greywater", "Archivist of Tides", "Magic", "Water Magic", "Water spells deal 5% more damage per 3 hero levels.", "keeper of the whalebone charter itself"],
    ["Finn Marrow", "the Smiling Corsair", "Hybrid", "Plunder", "Gains 350 Gold each week.", "a former pirate pardoned for saving a treasure fleet"],
    ["Maelis Dray", "Reefwarden", "Hybrid", "Shellback Chargers", "Shellback Chargers gain +3 defense.", "a reef diver who tamed the first shellback"],
  ],
  "cinderborn-horde": [
    ["Gorran Ashfist", "Breaker of Walls", "Might", "Siege", "Town walls lose an extra layer at the start of a siege.", "a clan smith who shaped his own gauntlets from lava-rock"],
    ["Khara the Red", "Mother of Hounds", "Might", "Ash Hounds", "Ash Hounds gain +2 speed and +1 attack.", "a herd-mistress who raised a pack in the Emberfall"],
    ["Vesh Emberglass", "Voice of the Last Fire", "Magic", "Fire Magic", "Fire spells set targets alight for 1 extra round.", "a shaman who walked out of the Emberfall unburnt"],
    ["Ysolde Cinderhair", "the Kindler", "Magic", "Wildfire", "Wildfire spreads to one additional stack.", "a wandering fire-reader exiled by three clans"],
    ["Drogan Twice-Forged", "Ash Champion", "Hybrid", "Magma Riders", "Magma Riders gain +2 attack.", "a warrior who survived the fire trial twice"],
    ["Sable Ravka", "Smoke Runner", "Hybrid", "Scouting", "Scouting radius +2 and +1 speed for all units.", "a messenger who outran a collapsing caldera"],
  ],
  "veilbound-covenant": [
    ["Lord Mortain Vhal", "Knight of the Drowned Gate", "Might", "Nightmare Riders", "Nightmare Riders gain +1 speed and +10% terror chance.", "the last knight of Morrow before the waters rose"],
    ["Greta Hollowmere", "the Bone Marshal", "Might", "Hollow Thralls", "Raises 10% more Hollow Thralls after combat.", "a gravedigger's daughter who gives orders to the dead"],
    ["Seer Aubrin Nox", "Reader of the Black Sun", "Magic", "Omens", "Sees enemy heroes' spells before combat.", "an astronomer who stared at the eclipse too long"],
    ["Morwenna Quill", "Archivist of Secrets", "Magic", "Dark Magic", "Dark spells cost 2 less mana.", "a librarian of the sunken archive"],
    ["Cassius Veyl", "the Smiling Shadow", "Hybrid", "Shadow Stalkers", "Shadow Stalkers gain +2 attack and first strike.", "a spy who served four courts and betrayed three"],
    ["Ilse Ravenmoor", "Wyrmspeaker", "Hybrid", "Eclipse Wyrms", "Eclipse Wyrms gain +20 health.", "the only one to return from the wyrm's nest"],
  ],
  "thornwild-circle": [
    ["Bram Oakenhide", "Heartroot's Guardian", "Might", "Grove Wardens", "Grove Wardens gain +2 defense and +5 health.", "a woodcutter who swore never to cut again"],
    ["Tamsin Swiftfoot", "Rider of the Long Hunt", "Might", "Antlered Riders", "Antlered Riders gain +1 speed and +1 attack.", "a huntress who rode the great stag of the north"],
    ["Elder Fennick", "Keeper of Seasons", "Magic", "Regrowth", "Regrowth heals 50% more.", "the oldest living member of the Circle"],
    ["Wren Mossglen", "Voice of the Grove", "Magic", "Earth Magic", "Earth spells gain +10% power.", "a druid who learned to speak with trees before she could read"],
    ["Corwin Thorne", "the Briar King", "Hybrid", "Briar Archers", "Briar Archers gain +1 shot and entangle lasts longer.", "an outlaw archer who found peace in the Thornwild"],
    ["Sorrel Ashgrove", "Beastfriend", "Hybrid", "Owlbear Matrons", "Owlbear Matrons gain +2 attack.", "raised by owlbears after a forest fire"],
  ],
  "skyforge-clans": [
    ["Thane Borik Ironpeak", "Lord of the Anvil Range", "Might", "War Machines", "War machines gain +50% health.", "head of the oldest clan forge"],
    ["Helka Stonebraid", "Ram Mistress", "Might", "Ram Riders", "Ram Riders gain +2 defense and +1 speed.", "a herder who led a stampede into a siege camp"],
    ["Orla Sparkwright", "Keeper of the Storm-Rods", "Magic", "Air Magic", "Air spells deal +15% damage.", "an engineer who rebuilt the storm-rods after the great lightning"],
    ["Dunstan Coil", "the Lightning Scholar", "Magic", "Chain Spark", "Chain Spark jumps to one more target.", "a scholar who measured a thunderbolt and lived"],
    ["Agna Rivetborn", "Titan-Maker", "Hybrid", "Brass Titans", "Brass Titans gain +3 attack.", "the smith who finished the last Brass Titan"],
    ["Pell Windrunner", "Glider Captain", "Hybrid", "Glider Scouts", "Glider Scouts gain +2 speed and reveal more of the map.", "a glider pilot who crossed the range in one flight"],
  ],
};

const SKILLS: Record<HeroType, string[][]> = {
  Might: [["Offense", "Leadership"], ["Tactics", "Armorer"]],
  Magic: [["Wisdom", "Sorcery"], ["Mysticism", "Intelligence"]],
  Hybrid: [["Offense", "Wisdom"], ["Logistics", "Sorcery"]],
};

const STATS: Record<HeroType, [number, number, number, number]> = {
  Might: [3, 2, 1, 1],
  Magic: [0, 1, 3, 3],
  Hybrid: [2, 1, 2, 2],
};

/** A demo hero: the API's fields, its lists as the stored JSON text, its faction by slug. */
export type DemoHero = Omit<Hero, "id" | "factionId" | "startingSkills" | "startingSpells" | "portraitUrl" | "isActive" | "createdAt" | "updatedAt"> & {
  factionSlug: string;
  startingSkills: string;
  startingSpells: string;
};

const HONORIFICS = new Set(["Ser", "Dame", "Brother", "Mother", "Admiral", "Lord", "Seer", "Elder", "Thane"]);
/** "Ser Halvard Quell" → "Halvard". */
const shortName = (name: string) => name.split(" ").find((w) => !HONORIFICS.has(w)) ?? name;

export function buildHeroes(): DemoHero[] {
  return FACTIONS.flatMap((faction) => {
    // Magic heroes start with spells of the faction's first school, hybrids with one of its second.
    const lowSpells = (school: string) => SPELLS.filter((s) => s.school === school && s.level <= 2).map((s) => s.name);
    return lookup(HEROES, faction.slug, "heroes").map(([name, title, heroType, specialty, specialtyDescription, origin], i) => {
      const heroClass = lookup(CLASSES, faction.slug, "hero classes")[heroType];
      const [attack, defense, power, knowledge] = STATS[heroType];
      const spells =
        heroType === "Might" ? [] : heroType === "Magic" ? lowSpells(faction.schools[0]).slice(i % 2, (i % 2) + 2) : lowSpells(faction.schools[1]).slice(i % 2, (i % 2) + 1);
      return {
        factionSlug: faction.slug,
        name,
        title,
        summary: `${heroClass} of the ${faction.name}, known as ${title}. Specialty: ${specialty}.`,
        biography:
          `${name} is ${origin}. Among the ${faction.name} the name is spoken with ${i % 2 ? "wary respect" : "open pride"}.\n\n` +
          `As a ${heroClass.toLowerCase()}, ${shortName(name)} favours ${heroType === "Might" ? "steel and discipline over spellcraft" : heroType === "Magic" ? "the mage guild's lore over the sword" : "a blade in one hand and a spell in the other"}, and is known across Aldermere for ${specialty.toLowerCase()}.`,
        heroClass,
        heroType,
        specialty,
        specialtyDescription,
        startingAttack: attack + (i === 0 ? 1 : 0),
        startingDefense: defense + (i === 1 ? 1 : 0),
        startingSpellPower: power,
        startingKnowledge: knowledge,
        rarityLevel: ((i + faction.sortOrder) % 4) + 1,
        startingSkills: JSON.stringify(SKILLS[heroType][i % 2]),
        startingSpells: JSON.stringify(spells),
      };
    });
  });
}
