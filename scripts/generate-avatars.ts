/**
 * Makes the 35 built-in profile avatars (Human 12, Elf 3, Orc 3, Demon 5, Giant 4,
 * Undead 2, Creature 6) as 128×128 WebP images under web/public/images/icons/avatars/.
 * Every image is an original, procedural SVG portrait rendered with sharp; the output is
 * deterministic (seeded by the file name), so re-running the script changes nothing.
 *
 *   node_modules/.bin/node scripts/generate-avatars.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT_DIR = path.join(import.meta.dirname, "..", "web", "public", "images", "icons", "avatars");
const SIZE = 128;

type Rand = () => number;

/** mulberry32 seeded by a string hash: same name, same picture. */
function rng(seed: string): Rand {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = (h << 13) | (h >>> 19);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T,>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function frame(bgA: string, bgB: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 128 128">
<defs><radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></radialGradient></defs>
<rect width="128" height="128" fill="url(#bg)"/>
${body}
</svg>`;
}

/** Shoulders and tunic in a colour. */
const shoulders = (color: string, trim: string) =>
  `<path d="M14 128 C18 100 40 92 64 92 C88 92 110 100 114 128 Z" fill="${color}"/>
<path d="M52 93 L64 110 L76 93" fill="none" stroke="${trim}" stroke-width="4"/>`;

const eyes = (y: number, dx: number, color: string, r = 4) =>
  `<circle cx="${64 - dx}" cy="${y}" r="${r}" fill="#fff"/><circle cx="${64 + dx}" cy="${y}" r="${r}" fill="#fff"/>
<circle cx="${64 - dx}" cy="${y}" r="${r * 0.55}" fill="${color}"/><circle cx="${64 + dx}" cy="${y}" r="${r * 0.55}" fill="${color}"/>`;

const HUMAN_SKIN = ["#f5d0b0", "#e8b48f", "#c98e66", "#a06a45", "#7a4b2e", "#f1c7a0"];
const HAIR = ["#2b1d14", "#5a3a22", "#a0672f", "#d9b46a", "#8c2f1b", "#c9c9c9", "#111"];
const CLOTH = ["#1e3a8a", "#7c2d12", "#14532d", "#581c87", "#334155", "#9a3412", "#0f766e", "#854d0e"];
const BACKDROP: [string, string][] = [
  ["#fde68a", "#b45309"],
  ["#bfdbfe", "#1d4ed8"],
  ["#bbf7d0", "#15803d"],
  ["#fecaca", "#b91c1c"],
  ["#e9d5ff", "#6d28d9"],
  ["#fed7aa", "#c2410c"],
  ["#cffafe", "#0e7490"],
];

function humanoid(
  r: Rand,
  o: { skin: string; hair?: string; ears?: "round" | "pointed"; extra?: string; eye?: string; mouth?: string; head?: string },
): string {
  const skin = o.skin;
  const earShape =
    o.ears === "pointed"
      ? `<path d="M38 60 L18 40 L40 72 Z" fill="${skin}"/><path d="M90 60 L110 40 L88 72 Z" fill="${skin}"/>`
      : `<ellipse cx="38" cy="64" rx="6" ry="9" fill="${skin}"/><ellipse cx="90" cy="64" rx="6" ry="9" fill="${skin}"/>`;
  const head = o.head ?? `<ellipse cx="64" cy="62" rx="26" ry="30" fill="${skin}"/>`;
  const hairStyle = o.hair
    ? pick(r, [
        `<path d="M36 58 C36 28 92 28 92 58 C86 44 42 44 36 58 Z" fill="${o.hair}"/>`,
        `<path d="M34 70 C28 26 100 26 94 70 L88 52 C70 40 58 40 40 52 Z" fill="${o.hair}"/>`,
        `<path d="M36 56 C38 30 90 30 92 56 L92 96 L84 96 L84 54 C70 44 58 44 44 54 L44 96 L36 96 Z" fill="${o.hair}"/>`,
        `<path d="M38 50 C44 30 84 30 90 50 C80 40 48 40 38 50 Z" fill="${o.hair}"/><circle cx="64" cy="30" r="9" fill="${o.hair}"/>`,
      ])
    : "";
  const mouth = o.mouth ?? pick(r, [
    `<path d="M54 78 Q64 86 74 78" fill="none" stroke="#5b2a1a" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="M56 80 L72 80" stroke="#5b2a1a" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="M55 79 Q64 83 73 79" fill="none" stroke="#5b2a1a" stroke-width="3" stroke-linecap="round"/>`,
  ]);
  return `${earShape}${head}${hairStyle}${eyes(60, 11, o.eye ?? pick(r, ["#1e3a8a", "#3f2a14", "#166534", "#111"]))}
<path d="M64 64 L61 72 L66 72" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="2"/>${mouth}${o.extra ?? ""}`;
}

const HUMAN_TRAITS = [
  "helm", "hood", "hat", "circlet", "none", "beard", "helm", "hood", "hat", "circlet", "beard", "none",
] as const;

function human(i: number, r: Rand): string {
  const skin = HUMAN_SKIN[i % HUMAN_SKIN.length]!;
  const hair = HAIR[(i * 3) % HAIR.length]!;
  const cloth = CLOTH[i % CLOTH.length]!;
  const trait = HUMAN_TRAITS[i]!;
  const extras: Record<(typeof HUMAN_TRAITS)[number], string> = {
    helm: `<path d="M34 58 C34 22 94 22 94 58 L86 58 L86 48 L42 48 L42 58 Z" fill="#9ca3af" stroke="#4b5563" stroke-width="2"/><rect x="61" y="44" width="6" height="26" fill="#9ca3af" stroke="#4b5563" stroke-width="1.5"/>`,
    hood: `<path d="M28 96 C22 30 106 30 100 96 L90 96 C92 50 36 50 38 96 Z" fill="${cloth}"/>`,
    hat: `<path d="M30 42 L98 42 L92 36 L72 8 L60 20 L36 36 Z" fill="${cloth}"/><rect x="30" y="38" width="68" height="6" rx="3" fill="#1f2937"/>`,
    circlet: `<path d="M38 44 Q64 36 90 44" fill="none" stroke="#facc15" stroke-width="4"/><circle cx="64" cy="40" r="4" fill="#38bdf8" stroke="#facc15" stroke-width="2"/>`,
    beard: `<path d="M40 70 C42 100 86 100 88 70 C80 84 48 84 40 70 Z" fill="${hair}"/>`,
    none: "",
  };
  const backdrop = BACKDROP[i % BACKDROP.length]!;
  const hasHair = trait !== "helm" && trait !== "hat";
  return frame(
    backdrop[0],
    backdrop[1],
    shoulders(cloth, "#facc15") + humanoid(r, { skin, hair: hasHair ? hair : undefined, extra: extras[trait] }),
  );
}

function elf(i: number, r: Rand): string {
  const skin = ["#f3dcc4", "#e7c7a6", "#d8b4a0"][i]!;
  const hair = ["#f5e6a8", "#d4d4d8", "#3f6212"][i]!;
  const extra = [
    `<path d="M40 44 Q64 34 88 44" fill="none" stroke="#a3e635" stroke-width="3"/><path d="M62 38 l2 -8 l2 8 z" fill="#a3e635"/>`,
    `<path d="M38 46 Q52 30 64 40 Q76 30 90 46" fill="none" stroke="#4ade80" stroke-width="3"/><circle cx="46" cy="40" r="3" fill="#86efac"/><circle cx="82" cy="40" r="3" fill="#86efac"/>`,
    `<path d="M40 44 Q64 38 88 44" fill="none" stroke="#e2e8f0" stroke-width="3"/><circle cx="64" cy="41" r="3.5" fill="#a78bfa"/>`,
  ][i]!;
  return frame(
    "#d9f99d",
    ["#166534", "#0f766e", "#3f6212"][i]!,
    shoulders(["#15803d", "#0f766e", "#4d7c0f"][i]!, "#e2e8f0") +
      humanoid(r, {
        skin,
        hair,
        ears: "pointed",
        eye: "#15803d",
        head: `<ellipse cx="64" cy="62" rx="23" ry="31" fill="${skin}"/>`,
        extra,
      }),
  );
}

function orc(i: number, r: Rand): string {
  const skin = ["#6b8e23", "#4d7c0f", "#5f7f4f"][i]!;
  const tusks = `<path d="M54 80 L52 70 L57 78 Z" fill="#fefce8"/><path d="M74 80 L76 70 L71 78 Z" fill="#fefce8"/>`;
  const extra = [
    `<path d="M38 50 L90 50" stroke="#3f2a14" stroke-width="4"/>${tusks}`,
    `${tusks}<path d="M44 52 L50 58 M84 52 L78 58" stroke="#f8fafc" stroke-width="3"/><circle cx="64" cy="38" r="5" fill="#ef4444"/>`,
    `${tusks}<path d="M36 46 L44 22 L52 42 L64 18 L76 42 L84 22 L92 46 Z" fill="#a16207" stroke="#713f12" stroke-width="2"/>`,
  ][i]!;
  return frame(
    "#fde68a",
    ["#7c2d12", "#57534e", "#78350f"][i]!,
    shoulders(["#57534e", "#7c2d12", "#44403c"][i]!, "#a8a29e") +
      humanoid(r, {
        skin,
        hair: i === 0 ? "#1c1917" : undefined,
        eye: "#dc2626",
        head: `<path d="M36 54 C36 28 92 28 92 54 L94 80 C90 96 38 96 34 80 Z" fill="${skin}"/>`,
        mouth: `<path d="M52 80 L76 80" stroke="#1c1917" stroke-width="4" stroke-linecap="round"/>`,
        extra,
      }),
  );
}

function demon(i: number, r: Rand): string {
  const skin = ["#b91c1c", "#7f1d1d", "#9d174d", "#c2410c", "#4c1d95"][i]!;
  const hornColor = ["#1c1917", "#e7e5e4", "#292524", "#fde68a", "#d4d4d8"][i]!;
  const horns = pick(r, [
    `<path d="M42 44 C30 30 30 16 36 8 C38 24 46 32 52 38 Z" fill="${hornColor}"/><path d="M86 44 C98 30 98 16 92 8 C90 24 82 32 76 38 Z" fill="${hornColor}"/>`,
    `<path d="M40 46 C20 40 16 22 22 14 C28 30 38 34 50 38 Z" fill="${hornColor}"/><path d="M88 46 C108 40 112 22 106 14 C100 30 90 34 78 38 Z" fill="${hornColor}"/>`,
  ]);
  const flames = i === 3 ? `<path d="M40 40 C44 20 54 30 56 14 C62 28 70 10 72 26 C80 18 84 32 88 40 Z" fill="#f97316"/>` : "";
  return frame(
    "#fca5a5",
    ["#450a0a", "#1c1917", "#500724", "#7c2d12", "#1e1b4b"][i]!,
    shoulders("#1c1917", "#dc2626") +
      flames +
      humanoid(r, {
        skin,
        ears: "pointed",
        eye: "#facc15",
        mouth: `<path d="M52 78 Q64 88 76 78" fill="#1c1917"/><path d="M56 79 l3 5 l3 -4 M66 80 l3 4 l3 -5" fill="#fff"/>`,
        extra: horns,
      }),
  );
}

function giant(i: number, r: Rand): string {
  const skin = ["#c4a484", "#bfdbfe", "#a8a29e", "#d6b08a"][i]!;
  const beard = ["#78350f", "#e0f2fe", "#57534e", "#7c2d12"][i]!;
  const head = `<rect x="30" y="30" width="68" height="66" rx="18" fill="${skin}"/>`;
  const eye =
    i === 3
      ? `<circle cx="64" cy="58" r="11" fill="#fff"/><circle cx="64" cy="58" r="6" fill="#1d4ed8"/>`
      : "";
  const body =
    shoulders(["#78350f", "#0c4a6e", "#44403c", "#7c2d12"][i]!, "#a8a29e") +
    (i === 3
      ? `${head}${eye}<path d="M46 42 L82 42" stroke="#3f2a14" stroke-width="5"/><path d="M50 82 Q64 90 78 82" fill="none" stroke="#3f2a14" stroke-width="4"/>`
      : humanoid(r, {
          skin,
          eye: "#1c1917",
          head,
          mouth: "",
          extra: `<path d="M32 72 C34 114 94 114 96 72 C84 86 44 86 32 72 Z" fill="${beard}"/><path d="M46 48 L58 52 M82 48 L70 52" stroke="#3f2a14" stroke-width="4"/>${i === 1 ? `<path d="M32 36 L40 22 L48 34 L56 18 L64 32 L72 18 L80 34 L88 22 L96 36 Z" fill="#e0f2fe"/>` : ""}`,
        }));
  return frame(["#e7e5e4", "#e0f2fe", "#d6d3d1", "#fde68a"][i]!, ["#57534e", "#0369a1", "#292524", "#92400e"][i]!, body);
}

function undead(i: number): string {
  const skull = `<path d="M36 60 C36 26 92 26 92 60 C92 72 86 78 82 80 L82 94 L46 94 L46 80 C42 78 36 72 36 60 Z" fill="#f5f5f4" stroke="#a8a29e" stroke-width="2"/>
<ellipse cx="52" cy="62" rx="8" ry="9" fill="#1c1917"/><ellipse cx="76" cy="62" rx="8" ry="9" fill="#1c1917"/>
<path d="M64 70 L59 80 L69 80 Z" fill="#1c1917"/><path d="M52 86 L52 94 M58 86 L58 94 M64 86 L64 94 M70 86 L70 94 M76 86 L76 94" stroke="#57534e" stroke-width="2"/>`;
  const glow = i === 1 ? `<circle cx="52" cy="62" r="3" fill="#22d3ee"/><circle cx="76" cy="62" r="3" fill="#22d3ee"/>` : `<circle cx="52" cy="62" r="2.5" fill="#ef4444"/><circle cx="76" cy="62" r="2.5" fill="#ef4444"/>`;
  const crown =
    i === 1
      ? `<path d="M38 40 L44 18 L54 34 L64 12 L74 34 L84 18 L90 40 Z" fill="#a78bfa" stroke="#4c1d95" stroke-width="2"/>`
      : `<path d="M32 38 C40 24 88 24 96 38 L92 44 C80 34 48 34 36 44 Z" fill="#57534e"/>`;
  return frame(i === 1 ? "#c4b5fd" : "#d6d3d1", i === 1 ? "#1e1b4b" : "#1c1917", shoulders(i === 1 ? "#312e81" : "#44403c", "#a8a29e") + skull + glow + crown);
}

const CREATURES = [
  // Wolf
  `<path d="M30 44 L40 14 L54 40 Z M98 44 L88 14 L74 40 Z" fill="#6b7280"/><path d="M30 44 C30 30 98 30 98 44 L92 78 L64 110 L36 78 Z" fill="#9ca3af"/>
<path d="M48 80 L64 110 L80 80 Q64 72 48 80 Z" fill="#e5e7eb"/><circle cx="64" cy="96" r="6" fill="#111827"/>${"<circle cx='50' cy='60' r='5' fill='#facc15'/><circle cx='78' cy='60' r='5' fill='#facc15'/><circle cx='50' cy='60' r='2' fill='#111'/><circle cx='78' cy='60' r='2' fill='#111'/>"}`,
  // Dragon
  `<path d="M36 40 L26 10 L48 34 Z M92 40 L102 10 L80 34 Z" fill="#fde68a"/><path d="M34 44 C34 28 94 28 94 44 L96 82 C96 104 32 104 32 82 Z" fill="#15803d"/>
<path d="M44 82 C44 110 84 110 84 82 Z" fill="#166534"/><circle cx="54" cy="92" r="3" fill="#052e16"/><circle cx="74" cy="92" r="3" fill="#052e16"/>
<path d="M40 56 L58 62 L40 66 Z M88 56 L70 62 L88 66 Z" fill="#facc15"/><path d="M58 36 L64 24 L70 36" fill="#fde68a"/>`,
  // Griffin
  `<path d="M30 60 C30 30 98 30 98 60 C98 86 84 100 64 100 C44 100 30 86 30 60 Z" fill="#fef3c7"/><path d="M30 50 L16 30 L40 40 Z M98 50 L112 30 L88 40 Z" fill="#d97706"/>
<path d="M54 66 L64 92 L74 66 Q64 60 54 66 Z" fill="#f59e0b" stroke="#92400e" stroke-width="2"/><circle cx="48" cy="56" r="6" fill="#111"/><circle cx="80" cy="56" r="6" fill="#111"/><circle cx="50" cy="54" r="2" fill="#fff"/><circle cx="82" cy="54" r="2" fill="#fff"/>`,
  // Owl
  `<ellipse cx="64" cy="70" rx="36" ry="40" fill="#92400e"/><path d="M30 40 L40 24 L50 38 Z M98 40 L88 24 L78 38 Z" fill="#78350f"/>
<circle cx="48" cy="60" r="14" fill="#fef3c7"/><circle cx="80" cy="60" r="14" fill="#fef3c7"/><circle cx="48" cy="60" r="7" fill="#f59e0b"/><circle cx="80" cy="60" r="7" fill="#f59e0b"/><circle cx="48" cy="60" r="3.5" fill="#111"/><circle cx="80" cy="60" r="3.5" fill="#111"/>
<path d="M60 72 L64 82 L68 72 Z" fill="#facc15"/><path d="M44 92 Q52 98 60 92 M68 92 Q76 98 84 92" fill="none" stroke="#fde68a" stroke-width="2"/>`,
  // Spider
  `<path d="M40 60 L10 40 M40 68 L8 70 M42 76 L14 100 M88 60 L118 40 M88 68 L120 70 M86 76 L114 100" stroke="#1f2937" stroke-width="5" stroke-linecap="round"/>
<ellipse cx="64" cy="70" rx="28" ry="26" fill="#374151"/><circle cx="54" cy="62" r="5" fill="#ef4444"/><circle cx="74" cy="62" r="5" fill="#ef4444"/><circle cx="60" cy="52" r="3" fill="#ef4444"/><circle cx="68" cy="52" r="3" fill="#ef4444"/>
<path d="M58 84 L56 94 M70 84 L72 94" stroke="#e5e7eb" stroke-width="3"/>`,
  // Slime
  `<path d="M22 104 C22 60 40 34 64 34 C88 34 106 60 106 104 C96 96 90 108 80 100 C70 110 58 96 48 106 C38 98 30 108 22 104 Z" fill="#22d3ee" fill-opacity=".85"/>
<ellipse cx="50" cy="52" rx="8" ry="5" fill="#fff" fill-opacity=".7"/>${"<circle cx='52' cy='72' r='6' fill='#083344'/><circle cx='76' cy='72' r='6' fill='#083344'/><path d='M56 86 Q64 92 72 86' fill='none' stroke='#083344' stroke-width='3'/>"}`,
];

type AvatarSpec = { file: string; svg: string };

function specs(): AvatarSpec[] {
  const out: AvatarSpec[] = [];
  const add = (category: string, count: number, draw: (i: number, r: Rand) => string) => {
    for (let i = 0; i < count; i++) {
      const file = `${category}-${String(i + 1).padStart(2, "0")}.webp`;
      out.push({ file, svg: draw(i, rng(file)) });
    }
  };
  add("human", 12, human);
  add("elf", 3, elf);
  add("orc", 3, orc);
  add("demon", 5, demon);
  add("giant", 4, giant);
  add("undead", 2, (i) => undead(i));
  const creatureBg: [string, string][] = [
    ["#e0e7ff", "#3730a3"],
    ["#fef9c3", "#b45309"],
    ["#bae6fd", "#0369a1"],
    ["#ddd6fe", "#1e1b4b"],
    ["#d1fae5", "#065f46"],
    ["#cffafe", "#155e75"],
  ];
  add("creature", 6, (i) => frame(creatureBg[i]![0], creatureBg[i]![1], CREATURES[i]!));
  return out;
}

mkdirSync(OUT_DIR, { recursive: true });
const all = specs();
for (const { file, svg } of all) {
  // effort/smartSubsample fixed and metadata stripped: the bytes depend only on the SVG.
  const webp = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).webp({ quality: 82, effort: 6 }).toBuffer();
  writeFileSync(path.join(OUT_DIR, file), webp);
}
console.log(`Wrote ${all.length} avatars to ${path.relative(process.cwd(), OUT_DIR)}`);
