/**
 * Procedural art for the demo content: SVG scenes (gradient skies, layered mountains, castles,
 * moons, banners) and heraldic emblems, parameterised by a seeded PRNG so every run produces
 * the same pictures, rendered with sharp. Media items get the renditions the media pipeline
 * makes (large 1280 wide and thumbnail 400 wide, WebP and JPEG, aspect ratio kept).
 */
import { createHash } from "node:crypto";
import sharp from "sharp";

/** Deterministic PRNG (mulberry32) from a string seed. */
export function prng(seed: string): () => number {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Palette = {
  /** Sky from top to horizon. */
  sky: [string, string, string];
  /** Mountain layers from far to near. */
  hills: [string, string, string, string];
  /** Banner cloth, trim and window glow. */
  banner: string;
  trim: string;
  glow: string;
};

export type SceneOptions = {
  seed: string;
  palette: Palette;
  width: number;
  height: number;
  /** Night scenes get stars and a moon; day scenes a sun and clouds. */
  night?: boolean;
  /** true: always a castle; false: never; unset: most pictures get one. */
  castle?: boolean;
  /** Extra motif over the landscape. */
  motif?: "none" | "dragon" | "portal" | "ships";
};

const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/** Mixes two #rrggbb colours (t = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => hex(v + ((pb[i] ?? v) - v) * t)).join("")}`;
}

const f = (n: number) => n.toFixed(1);

function ridge(rand: () => number, w: number, h: number, base: number, amp: number, steps: number): string {
  const pts: string[] = [`0,${h}`];
  let y = base - rand() * amp;
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    y = Math.max(base - amp, Math.min(base + amp * 0.3, y + (rand() - 0.5) * amp * 0.9));
    pts.push(`${f(x)},${f(y)}`);
  }
  pts.push(`${w},${h}`);
  return pts.join(" ");
}

function castle(rand: () => number, cx: number, groundY: number, s: number, p: Palette): string {
  const wall = mix(p.hills[3], "#000000", 0.35);
  const parts: string[] = [];
  const towers = 3 + Math.floor(rand() * 3);
  const span = s * 3.2;
  // Curtain wall with crenellations.
  parts.push(`<rect x="${f(cx - span / 2)}" y="${f(groundY - s * 0.9)}" width="${f(span)}" height="${f(s * 0.9)}" fill="${wall}"/>`);
  for (let x = cx - span / 2; x < cx + span / 2 - s * 0.1; x += s * 0.24) {
    parts.push(`<rect x="${f(x)}" y="${f(groundY - s * 1.02)}" width="${f(s * 0.13)}" height="${f(s * 0.14)}" fill="${wall}"/>`);
  }
  for (let i = 0; i < towers; i++) {
    const tx = cx - span / 2 + (span * i) / (towers - 1);
    const th = s * (1.3 + rand() * 1.4) * (i === Math.floor(towers / 2) ? 1.35 : 1);
    const tw = s * (0.38 + rand() * 0.18);
    const top = groundY - th;
    parts.push(`<rect x="${f(tx - tw / 2)}" y="${f(top)}" width="${f(tw)}" height="${f(th)}" fill="${wall}"/>`);
    parts.push(`<polygon points="${f(tx - tw * 0.65)},${f(top)} ${f(tx + tw * 0.65)},${f(top)} ${f(tx)},${f(top - tw * 1.3)}" fill="${mix(p.banner, "#000000", 0.45)}"/>`);
    // Pennant.
    const py = top - tw * 1.3;
    parts.push(`<line x1="${f(tx)}" y1="${f(py)}" x2="${f(tx)}" y2="${f(py - s * 0.45)}" stroke="${wall}" stroke-width="${f(s * 0.03)}"/>`);
    parts.push(`<polygon points="${f(tx)},${f(py - s * 0.45)} ${f(tx + s * 0.38)},${f(py - s * 0.36)} ${f(tx)},${f(py - s * 0.27)}" fill="${p.banner}"/>`);
    for (let k = 0; k < 2; k++) {
      if (rand() < 0.7) {
        parts.push(`<rect x="${f(tx - s * 0.05)}" y="${f(top + th * (0.25 + k * 0.3))}" width="${f(s * 0.1)}" height="${f(s * 0.17)}" rx="${f(s * 0.05)}" fill="${p.glow}" opacity="0.9"/>`);
      }
    }
  }
  // Gate and hanging banners.
  parts.push(`<path d="M ${f(cx - s * 0.25)} ${f(groundY)} v ${f(-s * 0.4)} a ${f(s * 0.25)} ${f(s * 0.25)} 0 0 1 ${f(s * 0.5)} 0 v ${f(s * 0.4)} z" fill="${mix(wall, "#000000", 0.5)}"/>`);
  for (const side of [-1, 1]) {
    const bx = cx + side * s * 0.7;
    parts.push(`<path d="M ${f(bx - s * 0.12)} ${f(groundY - s * 0.85)} h ${f(s * 0.24)} v ${f(s * 0.5)} l ${f(-s * 0.12)} ${f(-s * 0.1)} l ${f(-s * 0.12)} ${f(s * 0.1)} z" fill="${p.banner}" stroke="${p.trim}" stroke-width="${f(s * 0.02)}"/>`);
  }
  return parts.join("");
}

function trees(rand: () => number, w: number, h: number, color: string): string {
  const parts: string[] = [];
  const n = 14 + Math.floor(rand() * 10);
  for (let i = 0; i < n; i++) {
    const x = rand() * w;
    const th = h * (0.06 + rand() * 0.07);
    const base = h * (0.93 + rand() * 0.05);
    parts.push(`<polygon points="${f(x - th * 0.28)},${f(base)} ${f(x + th * 0.28)},${f(base)} ${f(x)},${f(base - th)}" fill="${color}"/>`);
  }
  return parts.join("");
}

type Mood = "dawn" | "day" | "dusk" | "night";
const pick3 = <T>(list: readonly [T, T, T], r: number): T => list[Math.min(2, Math.floor(r * 3)) as 0 | 1 | 2];

/** Shifts a faction palette towards a time of day. */
function moodPalette(p: Palette, mood: Mood): Palette {
  const tint: Record<Mood, [string, number, string, number]> = {
    dawn: ["#ffc9a3", 0.35, "#2b2450", 0.15],
    day: ["#ffffff", 0.0, "#ffffff", 0.0],
    dusk: ["#ff7a45", 0.45, "#5a2a5e", 0.3],
    night: ["#101427", 0.35, "#04050b", 0.45],
  };
  const [horizon, hAmount, top, tAmount] = tint[mood];
  return {
    ...p,
    sky: [mix(p.sky[0], top, tAmount), mix(p.sky[1], top, tAmount * 0.6), mix(p.sky[2], horizon, hAmount)],
    hills: p.hills.map((c) => (mood === "night" ? mix(c, "#05060d", 0.3) : mood === "dusk" ? mix(c, "#3a1f3f", 0.2) : c)) as Palette["hills"],
  };
}

/** A landscape scene as SVG text. */
export function sceneSvg(o: SceneOptions): string {
  const rand = prng(o.seed);
  const { width: w, height: h } = o;
  const night = o.night ?? rand() < 0.5;
  const p = moodPalette(o.palette, night ? "night" : pick3(["dawn", "day", "dusk"] as const, rand()));
  // Per-picture variety: relief, castle or none, lake or forest floor.
  const relief = 0.6 + rand() * 1.0;
  const hasCastle = o.castle !== false && (o.castle === true || rand() < 0.65);
  const lake = o.motif === "ships" || rand() < 0.3;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`);
  parts.push(`<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.55" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.75"/><stop offset="0.35" stop-color="${p.glow}" stop-opacity="0.25"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
<radialGradient id="portal"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.3" stop-color="${p.banner}" stop-opacity="0.8"/><stop offset="1" stop-color="${p.banner}" stop-opacity="0"/></radialGradient>
</defs>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  if (night) {
    const stars = 90 + Math.floor(rand() * 80);
    for (let i = 0; i < stars; i++) {
      parts.push(`<circle cx="${f(rand() * w)}" cy="${f(rand() * h * 0.6)}" r="${f(0.6 + rand() * 1.6 * (w / 1600))}" fill="#ffffff" opacity="${(0.3 + rand() * 0.7).toFixed(2)}"/>`);
    }
  }
  // Moon or sun with a halo.
  const mx = w * (0.15 + rand() * 0.7);
  const my = h * (0.12 + rand() * 0.2);
  const mr = h * (0.05 + rand() * 0.05);
  parts.push(`<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr * 4)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr)}" fill="${night ? "#f4f1e3" : mix(p.glow, "#ffffff", 0.5)}"/>`);
  if (night && rand() < 0.6) {
    parts.push(`<circle cx="${f(mx + mr * 0.35)}" cy="${f(my - mr * 0.2)}" r="${f(mr * 0.85)}" fill="${p.sky[0]}" opacity="0.9"/>`);
  }
  // Clouds.
  const clouds = 3 + Math.floor(rand() * 4);
  for (let i = 0; i < clouds; i++) {
    const cx = rand() * w;
    const cy = h * (0.1 + rand() * 0.3);
    const cw = w * (0.1 + rand() * 0.15);
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(cw)}" ry="${f(cw * 0.12)}" fill="${night ? "#c8cde0" : "#ffffff"}" opacity="${(0.08 + rand() * 0.15).toFixed(2)}"/>`);
  }
  if (o.motif === "portal") {
    const px = w * (0.3 + rand() * 0.4);
    parts.push(`<ellipse cx="${f(px)}" cy="${f(h * 0.4)}" rx="${f(h * 0.16)}" ry="${f(h * 0.26)}" fill="url(#portal)"/>`);
  }
  if (o.motif === "dragon") {
    const dx = w * (0.2 + rand() * 0.5);
    const dy = h * (0.25 + rand() * 0.1);
    const s = h * 0.09;
    const c = mix(p.sky[0], "#000000", 0.6);
    parts.push(`<path d="M ${f(dx)} ${f(dy)} q ${f(s * 1.5)} ${f(-s * 1.6)} ${f(s * 3.2)} ${f(-s * 0.6)} q ${f(-s * 1.2)} ${f(s * 0.2)} ${f(-s * 1.6)} ${f(s * 0.9)} q ${f(s * 1.4)} ${f(s * 0.1)} ${f(s * 2.4)} ${f(s * 0.8)} q ${f(-s * 2)} ${f(-s * 0.2)} ${f(-s * 4)} ${f(-s * 1.1)} z" fill="${c}"/>`);
    parts.push(`<path d="M ${f(dx)} ${f(dy)} q ${f(-s * 1.5)} ${f(-s * 1.4)} ${f(-s * 3)} ${f(-s * 0.4)} q ${f(s * 1.4)} ${f(s * 0.1)} ${f(s * 2)} ${f(s * 1)} z" fill="${c}"/>`);
  }
  // Mountain layers, far to near, with haze between.
  const layers = [
    { base: 0.55, amp: 0.2, steps: 9 },
    { base: 0.66, amp: 0.15, steps: 14 },
    { base: 0.76, amp: 0.1, steps: 20 },
    { base: 0.87, amp: 0.05, steps: 28 },
  ];
  layers.forEach((l, i) => {
    if (lake && i === 3) return;
    parts.push(`<polygon points="${ridge(rand, w, h, h * l.base, h * l.amp * relief, l.steps)}" fill="${p.hills[i]}"/>`);
    if (i === 2 && hasCastle) {
      parts.push(castle(rand, w * (0.2 + rand() * 0.6), h * (lake ? 0.8 : 0.84), h * (0.07 + rand() * 0.07), p));
    }
  });
  if (lake) {
    parts.push(`<defs><linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.sky[2], p.hills[3], 0.4)}"/><stop offset="1" stop-color="${mix(p.sky[0], "#000000", 0.4)}"/></linearGradient></defs>`);
    parts.push(`<rect x="0" y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="url(#lake)"/>`);
    parts.push(`<ellipse cx="${f(mx)}" cy="${f(h * 0.8 + (h * 0.8 - my) * 0.12)}" rx="${f(mr * 0.9)}" ry="${f(mr * 2.2)}" fill="${p.glow}" opacity="0.25"/>`);
    for (let i = 0; i < 12; i++) {
      const y = h * (0.82 + rand() * 0.17);
      parts.push(`<rect x="${f(rand() * w)}" y="${f(y)}" width="${f(w * (0.03 + rand() * 0.08))}" height="${f(Math.max(1, h * 0.002))}" fill="#ffffff" opacity="0.18"/>`);
    }
  }
  if (lake && o.motif === "ships") {
    for (let i = 0; i < 3; i++) {
      const sx = w * (0.1 + rand() * 0.8);
      const sy = h * (0.86 + rand() * 0.08);
      const s = h * (0.03 + rand() * 0.02);
      parts.push(`<path d="M ${f(sx - s * 2)} ${f(sy)} h ${f(s * 4)} l ${f(-s * 0.6)} ${f(s * 0.7)} h ${f(-s * 2.8)} z" fill="${mix(p.hills[3], "#000000", 0.5)}"/><polygon points="${f(sx)},${f(sy - s * 3)} ${f(sx)},${f(sy - s * 0.2)} ${f(sx + s * 1.8)},${f(sy - s * 0.4)}" fill="${p.trim}"/>`);
    }
  }
  if (!lake) parts.push(trees(rand, w, h, mix(p.hills[3], "#000000", 0.45)));
  parts.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);
  parts.push("</svg>");
  return parts.join("\n");
}

/** A heraldic emblem (shield, charge, border) as square SVG text. */
export function emblemSvg(seed: string, p: Palette, size: number): string {
  const rand = prng(seed);
  const s = size;
  const shield = `M ${s * 0.18} ${s * 0.14} H ${s * 0.82} V ${s * 0.5} C ${s * 0.82} ${s * 0.72} ${s * 0.66} ${s * 0.84} ${s * 0.5} ${s * 0.92} C ${s * 0.34} ${s * 0.84} ${s * 0.18} ${s * 0.72} ${s * 0.18} ${s * 0.5} Z`;
  const points = 5 + Math.floor(rand() * 4);
  const star: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = (i % 2 === 0 ? 0.2 : 0.08 + rand() * 0.03) * s;
    const a = (Math.PI * i) / points - Math.PI / 2;
    star.push(`${f(s * 0.5 + r * Math.cos(a))},${f(s * 0.48 + r * Math.sin(a))}`);
  }
  const split = rand() < 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs><linearGradient id="field" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p.banner, "#ffffff", 0.15)}"/><stop offset="1" stop-color="${mix(p.banner, "#000000", 0.35)}"/></linearGradient>
<clipPath id="clip"><path d="${shield}"/></clipPath></defs>
<path d="${shield}" fill="url(#field)"/>
${split ? `<rect x="${s * 0.5}" y="0" width="${s * 0.5}" height="${s}" fill="${mix(p.sky[0], "#000000", 0.2)}" clip-path="url(#clip)" opacity="0.8"/>` : `<rect x="0" y="${s * 0.6}" width="${s}" height="${s * 0.08}" fill="${p.trim}" clip-path="url(#clip)" opacity="0.8"/>`}
<circle cx="${s * 0.5}" cy="${s * 0.48}" r="${s * 0.24}" fill="none" stroke="${p.trim}" stroke-width="${s * 0.015}" opacity="0.7"/>
<polygon points="${star.join(" ")}" fill="${p.trim}"/>
<circle cx="${s * 0.5}" cy="${s * 0.48}" r="${s * 0.05}" fill="${p.glow}"/>
<path d="${shield}" fill="none" stroke="${p.trim}" stroke-width="${s * 0.03}"/>
</svg>`;
}

/** A wide banner: scene strip with the emblem on a cloth at the left. */
export function bannerSvg(seed: string, p: Palette, w: number, h: number): string {
  const scene = sceneSvg({ seed, palette: p, width: w, height: h, castle: false, night: true });
  const emblem = emblemSvg(`${seed}:emblem`, p, h * 0.8).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  return scene.replace(
    "</svg>",
    `<rect x="${h * 0.3}" y="0" width="${h * 1.1}" height="${h}" fill="${mix(p.banner, "#000000", 0.3)}" opacity="0.85"/><g transform="translate(${h * 0.45} ${h * 0.1})">${emblem}</g></svg>`,
  );
}

export type RenderedFile = { key: string; bytes: Buffer; contentType: string };

/** Short content hash used in R2 keys (keys are never overwritten with other bytes). */
export const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

/** Renders an SVG to one file. */
export async function renderSvg(svg: string, format: "png" | "jpeg"): Promise<Buffer> {
  const img = sharp(Buffer.from(svg));
  return format === "png" ? img.png({ compressionLevel: 8 }).toBuffer() : img.jpeg({ quality: 84, mozjpeg: false }).toBuffer();
}

export type MediaRenditions = {
  width: number;
  height: number;
  files: {
    original: RenderedFile;
    large: RenderedFile;
    largeWebp: RenderedFile;
    thumb: RenderedFile;
    thumbWebp: RenderedFile;
  };
};

/** Key layout for a media item's files: media/{prefix}/{rendition}.{ext}. */
export function mediaKeys(prefix: string) {
  return {
    original: `media/${prefix}/original.jpg`,
    large: `media/${prefix}/large.jpg`,
    largeWebp: `media/${prefix}/large.webp`,
    thumb: `media/${prefix}/thumb.jpg`,
    thumbWebp: `media/${prefix}/thumb.webp`,
  };
}

/** The original JPEG plus the pipeline's renditions (1280 and 400 wide, WebP and JPEG). */
export async function renderMedia(svg: string, prefix: string, width: number, height: number): Promise<MediaRenditions> {
  const keys = mediaKeys(prefix);
  const original = await renderSvg(svg, "jpeg");
  const resize = (w: number) => sharp(original).resize({ width: w, withoutEnlargement: true });
  const [large, largeWebp, thumb, thumbWebp] = await Promise.all([
    resize(1280).jpeg({ quality: 82 }).toBuffer(),
    resize(1280).webp({ quality: 80 }).toBuffer(),
    resize(400).jpeg({ quality: 80 }).toBuffer(),
    resize(400).webp({ quality: 78 }).toBuffer(),
  ]);
  return {
    width,
    height,
    files: {
      original: { key: keys.original, bytes: original, contentType: "image/jpeg" },
      large: { key: keys.large, bytes: large, contentType: "image/jpeg" },
      largeWebp: { key: keys.largeWebp, bytes: largeWebp, contentType: "image/webp" },
      thumb: { key: keys.thumb, bytes: thumb, contentType: "image/jpeg" },
      thumbWebp: { key: keys.thumbWebp, bytes: thumbWebp, contentType: "image/webp" },
    },
  };
}

/** Runs async jobs with at most `limit` in flight, keeping result order. */
export async function pool<T, R>(items: T[], limit: number, job: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
